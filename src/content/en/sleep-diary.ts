/**
 * English copy of the sleep diary (/en/sleep-diary, and the advisor's view on
 * /en/appointment/action); the shape is the German module's (../sleep-diary.ts). The rules
 * and figures: @domain/sleep-diary (docs/product.md §10).
 */
import { SLEEP_DIARY_DAYS_BACK, SLEEP_DIARY_RETENTION_DAYS, SLEEP_NOTE_MAX, SLEEP_REMINDER_HOUR } from '@domain/sleep-diary';
import { breakAfter } from '../wording';

/** The figures of a night and of the averages (the Consensus Sleep Diary's), as the page names them. */
const figures = {
  title: 'Your nights',
  averagesTitle: (count: number) => (count === 1 ? 'Average (1 night)' : `Average (${count} nights)`),
  none: 'No nights entered yet.',
  inBed: 'Time in bed',
  sleep: 'Sleep',
  efficiency: 'Sleep efficiency',
  latency: 'Time to fall asleep',
  wake: 'Awake in the night',
  awakenings: 'Awakenings',
  quality: 'Quality',
  note: 'Note',
  night: 'Night',
  times: 'Bed – up',
};

const reminderHour = `${String(SLEEP_REMINDER_HOUR).padStart(2, '0')}:00`;

export const sleepDiaryPage = {
  title: 'Sleep diary',
  appointmentLabel: 'Your appointment',
  why:
    'How you actually sleep in the weeks before your appointment tells your advisor more than anything you can remember in the consultation. ' +
    'So take a minute each morning to note how the night went – and your counselling will start from your own figures.',
  loading: 'Loading your sleep diary …',
  missing: {
    title: 'No link',
    text: 'You open this page with the link “Keep a sleep diary” in your appointment confirmation or under “My data”.',
  },
  invalid: {
    title: 'This link is no longer valid',
    text: 'The link has expired or is incomplete. You will find a valid link under “My data” or in your latest appointment confirmation.',
  },
  gone: {
    title: 'No appointment found',
    text: 'There is no longer an appointment stored for this link.',
  },
  failed: 'That did not work. Please try again in a moment.',
  closed: 'This appointment is no longer confirmed, so no more nights can be entered.',
  limited: 'This diary has already been changed very often today. Please try again tomorrow.',
  consent: {
    title: 'Your consent',
    text:
      'Information about your sleep is health data. We only store it once you consent, ' +
      `and delete it ${SLEEP_DIARY_RETENTION_DAYS} days after your appointment – or straight away if you withdraw your consent.`,
    checkbox: 'I consent to the practice storing and reading my sleep information for my counselling.',
    privacyLink: 'Privacy policy',
    start: 'Start the diary',
    starting: 'Saving …',
    required: 'Please tick the box if you consent.',
    given: 'You have given your consent. Your information will be deleted on',
    withdraw: 'Withdraw consent',
    withdrawHint: 'Deletes the whole diary straight away.',
    withdrawn: 'Your consent has been withdrawn and the diary has been deleted.',
  },
  form: {
    title: 'Enter a night',
    hint: `Each night is named after the morning it ends in. You can enter nights up to ${SLEEP_DIARY_DAYS_BACK} days back; saving a night again replaces it.`,
    timeHint: 'Times in 24-hour format, e.g. 23:15 (2315 or 23.15 also work).',
    submit: 'Save night',
    saving: 'Saving …',
    saved: (name: string) => `${name} saved.`,
  },
  labels: {
    morning: 'Date (morning)',
    bedTime: 'Went to bed',
    attemptTime: 'Tried to sleep from',
    latencyMinutes: 'Time to fall asleep (minutes)',
    awakenings: 'Times woken up',
    wakeMinutes: 'Awake in the night (minutes)',
    finalWakeTime: 'Woke up for good',
    upTime: 'Got up',
    quality: 'Sleep quality',
    note: 'Note',
  },
  noteHint: `Optional, up to ${SLEEP_NOTE_MAX} characters.`,
  qualities: {
    1: 'very poor',
    2: 'poor',
    3: 'fair',
    4: 'good',
    5: 'very good',
  },
  figures,
  tableHeaders: [
    figures.night,
    figures.times,
    figures.inBed,
    figures.sleep,
    breakAfter(figures.efficiency, 'Sleep effi'),
    figures.latency,
    figures.wake,
    breakAfter(figures.awakenings, 'Awaken'),
    breakAfter(figures.quality, 'Qual'),
    figures.note,
  ],
  chart: {
    label: (count: number) =>
      `Bar chart of the ${count === 1 ? 'night' : `${count} nights`} between 18:00 in the evening and 14:00 the next day: ` +
      'for each night, a light bar for the time in bed and a dark one for sleep. The same values are in the table below.',
    inBed: 'in bed',
    asleep: 'asleep',
  },
  tableCaption: 'The nights and their figures',
  reminders: {
    title: 'Reminder',
    label: 'Remind me every morning',
    hint: `A short e-mail every morning from ${reminderHour} until your appointment.`,
    on: 'The reminder is switched on.',
    off: 'You will no longer receive reminders.',
    stop: 'Stop reminders',
    alreadyOff: 'The reminders have already been stopped.',
  },
  outOfOrder: {
    attemptTime: 'This is before “Went to bed” – or the night would be longer than 24 hours.',
    finalWakeTime: 'This is before you tried to sleep – or the night would be longer than 24 hours.',
    upTime: 'This is before you woke up for good – or the night would be longer than 24 hours.',
  },
  problems: {
    missing: 'Please fill this in.',
    not_a_date: 'Please choose a valid date.',
    in_future: 'This morning is in the future.',
    too_old: `No more than ${SLEEP_DIARY_DAYS_BACK} days back.`,
    after_appointment: 'This morning is after your appointment.',
    not_a_time: 'Please enter a time such as 23:15.',
    not_a_number: 'Please enter a whole number, 0 or more.',
    too_many: 'This number is too large.',
    out_of_order:
      'The times do not fit together: went to bed, tried to sleep, woke up for good and got up follow one another (within 24 hours).',
    too_long: `No more than ${SLEEP_NOTE_MAX} characters.`,
    latency_too_long: 'The time to fall asleep is longer than the time from trying to sleep to waking up for good.',
    wake_too_long:
      'The time to fall asleep and the time awake together are longer than the time from trying to sleep to waking up for good.',
    not_a_choice: 'Please choose one of the options.',
    control_character: 'The note contains invisible control characters. Please remove them.',
    not_well_formed: 'The note contains an incomplete character that cannot be saved. Please type it again.',
  },
  linkLabel: 'Keep a sleep diary',
} as const;

/** The advisor's view on the appointment's page (/en/appointment/action). */
export const sleepDiaryAdvisorView = {
  title: 'Sleep diary',
  none: 'The client is not keeping a sleep diary (or has withdrawn their consent).',
  noNights: 'Consent given, but no nights entered yet.',
} as const;

/** “My data”'s section on the sleep diary (features/sleep-diary/my-data-diaries.tsx). */
export const sleepDiaryMyData = {
  title: 'Sleep diary',
  none: 'No sleep diary.',
  consentedAt: 'Consent given on',
  reminders: 'Reminder every morning',
  nights: 'Nights entered',
  appointment: 'Appointment',
  on: 'yes',
  off: 'no',
} as const;
