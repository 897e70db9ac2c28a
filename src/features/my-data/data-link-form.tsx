import { useRef, useState } from 'react';
import { HoneypotField } from '@/components/forms/bot-signals';
import { EmailField } from '@/components/forms/email-field';
import type { FieldRule } from '@/components/forms/field-check';
import { useIsInteractive } from '@/components/forms/form-footer';
import { FormProviders } from '@/components/forms/form-providers';
import { useFormSubmission } from '@/components/forms/use-form-submission';
import { buttonClasses } from '@/components/ui/button-link';
import { useCopy } from '@/content/copy';
import { formNoticesCopy } from '@/content/form-notices';
import { myDataCopy } from '@/content/my-data';
import { FIELD_LIMITS } from '@domain/field-limits';
import { fieldSchemas } from '@domain/field-schemas';
import { LINK_FIELDS, MY_DATA_FUNCTION, sendDataLinkSubmission, prepareDataLinkSubmission, type PreparedDataLinkSubmission } from './api/my-data-api';

const LINK_RULES: readonly FieldRule[] = [{ name: 'email', schema: fieldSchemas.email }];

/**
 * «Link senden»: the address, the form proof and the bot signals, as the site's forms send
 * them. The answer is the same for every address, so the page says the same for every
 * address: a mail follows if the address is right.
 */
function LinkForm() {
  const copy = useCopy(myDataCopy).myDataPage.linkForm;
  const { noScriptNote, sendingLabel } = useCopy(formNoticesCopy);
  const interactive = useIsInteractive();
  const [sent, setSent] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const { formProps, isPending } = useFormSubmission({
    functionName: MY_DATA_FUNCTION,
    fields: LINK_FIELDS,
    rules: LINK_RULES,
    toRequest: prepareDataLinkSubmission,
    send: async (request: PreparedDataLinkSubmission) => {
      const outcome = await sendDataLinkSubmission(request);
      setSent(true);
      return outcome;
    },
    successNotice: { title: copy.sentTitle, description: copy.sentText },
  });
  return (
    <form {...formProps} className="relative mt-4 space-y-4">
      <EmailField label={copy.emailLabel} name="email" required autoComplete="email" limit={FIELD_LIMITS.email} message="" />
      <button
        type="submit"
        disabled={!interactive}
        aria-disabled={isPending || undefined}
        className={buttonClasses('primary', 'md', 'aria-disabled:pointer-events-none aria-disabled:opacity-70')}
      >
        {isPending ? sendingLabel : copy.button}
      </button>
      <HoneypotField />
      <noscript>
        <p className="text-sm text-ink-muted">{noScriptNote}</p>
      </noscript>
      <p ref={status} role="status" className="text-base">
        {sent ? `${copy.sentTitle}: ${copy.sentText}` : ''}
      </p>
    </form>
  );
}

export function DataLinkForm() {
  const copy = useCopy(myDataCopy).myDataPage.linkForm;
  return (
    <section aria-labelledby="meine-daten-link" className="mt-10 rounded-xl border border-sand-300 bg-white p-6">
      <h2 id="meine-daten-link" className="text-2xl">
        {copy.title}
      </h2>
      <p className="mt-2">{copy.text}</p>
      <FormProviders>
        <LinkForm />
      </FormProviders>
    </section>
  );
}
