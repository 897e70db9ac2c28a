import type { ComponentProps } from 'react';
import type { Section } from '@/components/ui/section';

/** The background tones a Section accepts; pages alternate them for rhythm. */
export type SectionTone = NonNullable<ComponentProps<typeof Section>['tone']>;

/** Card grids: one column, two from `md`, three from `lg`. */
export const cardGrid = 'grid gap-6 md:grid-cols-2 lg:grid-cols-3';

/**
 * For the items of a `cardGrid`: with three cards the two-column step leaves the last one
 * hanging on the left; this centres it at one column's width instead.
 */
export const cardGridItem =
  'md:last:odd:col-span-2 md:last:odd:mx-auto md:last:odd:w-[calc(50%-0.75rem)] lg:last:odd:col-span-1 lg:last:odd:w-auto';
