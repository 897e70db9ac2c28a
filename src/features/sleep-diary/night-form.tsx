import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CircleAlert } from 'lucide-react';
import { TextAreaField, TextField } from '@/components/forms/form-field';
import { buttonClasses } from '@/components/ui/button-link';
import { useCopy } from '@/content/copy';
import { sleepFormatsCopy } from '@/content/sleep-formats';
import { sleepDiaryCopy } from '@/content/sleep-diary';
import { parseIsoDate } from '@domain/dates';
import {
  parseNight,
  SLEEP_AWAKENINGS_MAX,
  SLEEP_MINUTES_MAX,
  SLEEP_NOTE_MAX,
  SLEEP_QUALITIES,
  type SleepDiaryView,
  type SleepNight,
  type SleepNightField,
  type SleepNightReason,
  cleanNote,
} from '@domain/sleep-diary';
import type { DiaryResult } from './api/sleep-diary-api';

type Values = Record<SleepNightField, string>;
type Messages = Partial<Record<SleepNightField, string>>;

const TIME_FIELDS = ['bedTime', 'attemptTime', 'finalWakeTime', 'upTime'] as const;
const NUMBER_FIELDS = ['latencyMinutes', 'awakenings', 'wakeMinutes'] as const;

/**
 * A time as typed on a phone's number pad, which often has no colon: '2300', '23.00',
 * '7:05', '730' become '23:00', '07:05', '07:30'. Anything else stays as typed, for the
 * rule to refuse at the field.
 */
export function normalizeClock(typed: string): string {
  const match = /^(\d{1,2})[:.h ]?(\d{2})$/.exec(typed.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : typed.trim();
}

/** A count as typed: '' is missing (null), anything else a number for the rule to judge. */
const count = (typed: string) => (typed.trim() === '' ? null : Number(typed.trim()));

/** The form's values as the night the rules and the function check. */
export function nightOf(values: Values): Record<string, unknown> {
  return {
    morning: values.morning,
    ...Object.fromEntries(TIME_FIELDS.map((field) => [field, normalizeClock(values[field])])),
    ...Object.fromEntries(NUMBER_FIELDS.map((field) => [field, count(values[field])])),
    quality: values.quality === '' ? null : Number(values.quality),
    note: cleanNote(values.note),
  };
}

const emptyValues = (morning: string): Values => ({
  morning,
  bedTime: '',
  attemptTime: '',
  latencyMinutes: '',
  awakenings: '',
  wakeMinutes: '',
  finalWakeTime: '',
  upTime: '',
  quality: '',
  note: '',
});

const valuesOf = (night: SleepNight): Values => ({
  morning: night.morning,
  bedTime: night.bedTime,
  attemptTime: night.attemptTime,
  latencyMinutes: String(night.latencyMinutes),
  awakenings: String(night.awakenings),
  wakeMinutes: String(night.wakeMinutes),
  finalWakeTime: night.finalWakeTime,
  upTime: night.upTime,
  quality: String(night.quality),
  note: night.note ?? '',
});

/**
 * «Eine Nacht eintragen»: the night's ten fields in the order of a morning, checked with the
 * domain's rules before anything is sent (the function checks the same again). A broken rule
 * puts its message at the field, marks it invalid and moves the focus there; what was typed
 * stays. A morning already kept fills the form with its night: saving it again replaces it.
 * `save` sends the night; the diary it answers comes back as the next `diary`.
 */
export function NightForm({ diary, save }: { diary: SleepDiaryView; save: (night: SleepNight) => Promise<DiaryResult> }) {
  const { sleepDiaryPage: copy } = useCopy(sleepDiaryCopy);
  const { nightName } = useCopy(sleepFormatsCopy);
  const kept = (morning: string) => diary.nights.find((night) => night.morning === morning);
  const defaultMorning = diary.lastMorning;
  const [values, setValues] = useState<Values>(() => {
    const night = kept(defaultMorning);
    return night ? valuesOf(night) : emptyValues(defaultMorning);
  });
  const [messages, setMessages] = useState<Messages>({});
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusField = useRef<SleepNightField | null>(null);
  const qualityId = useId();

  // The invalid field takes the focus once its message is on the page.
  useEffect(() => {
    const name = focusField.current;
    if (name === null) return;
    focusField.current = null;
    const element = formRef.current?.elements.namedItem(name);
    const target = element instanceof RadioNodeList ? (element[0] as HTMLInputElement | undefined) : element;
    if (target instanceof HTMLElement) target.focus();
  }, [messages]);

  function change(field: SleepNightField, value: string) {
    setMessages((current) => ({ ...current, [field]: '' }));
    setStatus('');
    if (field === 'morning') {
      const night = kept(value);
      setValues((current) => (night ? valuesOf(night) : { ...current, morning: value }));
      return;
    }
    setValues((current) => ({ ...current, [field]: value }));
  }

  /** The message for a refusal: the order of the times says which time is out of place. */
  const problemText = (field: SleepNightField, reason: SleepNightReason) =>
    reason === 'out_of_order' && field in copy.outOfOrder ? copy.outOfOrder[field as keyof typeof copy.outOfOrder] : copy.problems[reason];

  function refuse(field: SleepNightField, message: string) {
    focusField.current = field;
    setMessages({ [field]: message });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const night = nightOf(values);
    const { night: parsed, problem } = parseNight(night, { today: diary.today, appointmentDate: diary.appointment.date });
    if (problem) {
      refuse(problem.field, problemText(problem.field, problem.reason));
      return;
    }
    setSending(true);
    setStatus('');
    const result = await save(parsed);
    setSending(false);
    if (result.kind === 'diary') {
      setMessages({});
      setStatus(copy.form.saved(nightName(night.morning as string)));
    } else if (result.kind === 'invalid_night') {
      refuse(result.field, problemText(result.field, result.reason));
    } else {
      setStatus(result.kind === 'closed' ? copy.closed : result.kind === 'limited' ? copy.limited : copy.failed);
    }
  }

  const field = (name: SleepNightField) => ({
    name,
    value: values[name],
    message: messages[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => change(name, event.currentTarget.value),
  });

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="nacht-eintragen" className="mt-4">
      <p className="text-ink-muted">{copy.form.hint}</p>
      <p className="mt-1 text-ink-muted">{copy.form.timeHint}</p>
      {/* Two columns even on a phone: there every label takes two lines' room, so the controls of a row stay level whatever the messages under them. */}
      <div className="mt-4 grid grid-cols-2 items-start gap-x-4 gap-y-4 max-sm:[&_label]:min-h-10">
        <TextField
          {...field('morning')}
          className="col-span-2 sm:col-span-1"
          label={copy.labels.morning}
          type="date"
          min={diary.firstMorning}
          max={diary.lastMorning}
          hint={parseIsoDate(values.morning) ? nightName(values.morning) : undefined}
        />
        <div className="hidden sm:block" />
        {(['bedTime', 'attemptTime'] as const).map((name) => (
          <ClockField key={name} {...field(name)} label={copy.labels[name]} />
        ))}
        <TextField {...field('latencyMinutes')} label={copy.labels.latencyMinutes} type="number" inputMode="numeric" min={0} max={SLEEP_MINUTES_MAX} step={1} />
        <TextField {...field('awakenings')} label={copy.labels.awakenings} type="number" inputMode="numeric" min={0} max={SLEEP_AWAKENINGS_MAX} step={1} />
        <TextField {...field('wakeMinutes')} label={copy.labels.wakeMinutes} type="number" inputMode="numeric" min={0} max={SLEEP_MINUTES_MAX} step={1} />
        {(['finalWakeTime', 'upTime'] as const).map((name) => (
          <ClockField key={name} {...field(name)} label={copy.labels[name]} />
        ))}
      </div>

      <fieldset className="mt-5">
        <legend id={`${qualityId}-legende`} className="block text-sm font-semibold text-night-800">
          {copy.labels.quality}
        </legend>
        <div
          role="radiogroup"
          aria-labelledby={`${qualityId}-legende`}
          aria-invalid={messages.quality ? true : undefined}
          aria-describedby={messages.quality ? `${qualityId}-meldung` : undefined}
          className="mt-1.5 flex flex-wrap gap-2"
        >
          {SLEEP_QUALITIES.map((quality) => (
            <label
              key={quality}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-sand-300 bg-white px-3 py-2 text-base has-[:checked]:border-night-700 has-[:checked]:bg-night-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-night-600"
            >
              <input
                type="radio"
                name="quality"
                value={String(quality)}
                checked={values.quality === String(quality)}
                onChange={(event) => change('quality', event.currentTarget.value)}
                className="size-4 accent-night-700"
              />
              {copy.qualities[quality]}
            </label>
          ))}
        </div>
        <p id={`${qualityId}-meldung`} aria-live="polite" className="text-sm font-medium text-red-800">
          {messages.quality && (
            <span className="mt-1.5 flex gap-1.5">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{messages.quality}</span>
            </span>
          )}
        </p>
      </fieldset>

      <TextAreaField {...field('note')} className="mt-5" label={copy.labels.note} hint={copy.noteHint} rows={2} limit={SLEEP_NOTE_MAX} />

      <div className="mt-6 flex flex-wrap items-center gap-4">
        <button
          type="submit"
          aria-disabled={sending || undefined}
          className={buttonClasses('primary', 'lg', 'aria-disabled:pointer-events-none aria-disabled:opacity-70')}
        >
          {sending ? copy.form.saving : copy.form.submit}
        </button>
        <p role="status" className="text-base font-medium">
          {status}
        </p>
      </div>
    </form>
  );
}

/**
 * A time on the 24-hour clock: a short text field with the number pad, normalised when left.
 * No maxLength: a sixth character typed or pasted stays and gets the time's message, rather
 * than being dropped so that «23:155» quietly reads 23:15.
 */
function ClockField({
  label,
  onChange,
  ...input
}: { name: string; value: string; message: string; label: string; onChange: (event: { currentTarget: { value: string } }) => void }) {
  return (
    <TextField
      {...input}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder="hh:mm"
      onChange={onChange}
      onBlur={(event) => {
        const typed = event.currentTarget.value;
        const normal = normalizeClock(typed);
        if (normal !== typed) onChange({ currentTarget: { value: normal } });
      }}
    />
  );
}

