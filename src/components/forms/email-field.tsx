import type { ComponentProps } from 'react';
import { TextField } from './form-field';
import { EmailSuggestionPrompt, useEmailSuggestion } from './email-suggestion-prompt';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'after' | 'describedBy' | 'ref' | 'onBlur' | 'onInput'>;

/**
 * An e-mail field that offers the address the visitor probably meant when they leave it
 * with a likely typo («Meinten Sie anna@gmail.com?», email-suggestion-prompt.tsx), under
 * the field and tied to it while it is shown.
 */
export function EmailField(props: EmailFieldProps) {
  const { suggestion, promptId, take, inputProps } = useEmailSuggestion();
  return (
    <TextField
      {...props}
      {...inputProps}
      type="email"
      describedBy={suggestion !== null ? promptId : undefined}
      after={<EmailSuggestionPrompt promptId={promptId} suggestion={suggestion} take={take} />}
    />
  );
}
