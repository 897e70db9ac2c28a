/**
 * The icon vocabulary of the content modules. Content names an icon by a stable string;
 * the UI maps each name to a lucide-react component, so copy never imports React.
 * The list is a runtime value as well, so the UI can test that its map covers every name.
 */
export const iconNames = [
  'moon',
  'ruler',
  'shield-check',
  'heart-handshake',
  'bed',
  'activity',
  'clock',
  'users',
  'award',
  'sparkles',
  'home',
  'phone',
  'mail',
  'map-pin',
  'calendar',
  'check',
  'leaf',
  'graduation-cap',
  'stethoscope',
  'smile',
  'search',
  'clipboard-list',
  'car',
  'bus',
  'shirt',
  'calendar-x',
  'info',
] as const;

export type IconName = (typeof iconNames)[number];
