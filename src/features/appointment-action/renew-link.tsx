import { useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-link';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import type { Language } from '@/lib/language';
import type { RenewResult } from './api/renew-api';
import { useRenewLinkMutation } from './api/action-queries';

type Notice = { tone: 'ok' | 'problem'; text: string };

type Texts = (typeof appointmentActionCopy)[Language]['appointmentActionPage'];

function noticeOf(result: RenewResult, copy: Texts): Notice {
  switch (result.kind) {
    case 'sent':
      return { tone: 'ok', text: copy.renew.sent };
    case 'queued':
      return { tone: 'ok', text: copy.renew.queued };
    case 'limited':
      return { tone: 'problem', text: copy.renew.limited(result.nextAt) };
    case 'not_found':
      return { tone: 'problem', text: copy.renew.notFound };
    case 'failed':
      return { tone: 'problem', text: copy.renew.failed };
  }
}

/**
 * «Neuen Link an die Praxis senden» (or, on a calendar entry, «Link an die Praxis senden»):
 * one press mails a fresh practice link to the practice's own address – never to anyone the
 * person pressing could name – and says so (role status), or why not and until when (alert).
 * One press at a time; after a mail went out the button stays, the budget answers a second.
 */
export function RenewLink({ token, label }: { token: () => string; label: string }) {
  const { appointmentActionPage: copy } = useCopy(appointmentActionCopy);
  const { mutate: renew, isPending: pending } = useRenewLinkMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const sending = useRef(false);

  function press() {
    if (sending.current) return;
    sending.current = true;
    renew(token(), {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (result) => setNotice(noticeOf(result, copy)),
    });
  }

  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={press}
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        className={buttonClasses('primary', 'lg', 'w-full sm:w-auto aria-disabled:pointer-events-none aria-disabled:opacity-60')}
      >
        {pending ? copy.renew.sending : label}
      </button>
      {notice && (
        <p
          role={notice.tone === 'ok' ? 'status' : 'alert'}
          className={
            notice.tone === 'ok'
              ? 'mt-5 rounded-xl border-2 border-night-600 bg-white px-4 py-3'
              : 'mt-5 rounded-xl border-2 border-red-800 bg-white px-4 py-3 text-red-900'
          }
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}
