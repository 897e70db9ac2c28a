import {
  Activity, Award, Bed, Bus, Calendar, CalendarX, Car, Check, ClipboardList, Clock, GraduationCap,
  HeartHandshake, House, Info, Leaf, Mail, MapPin, Moon, Phone, Ruler, Search, Shirt, ShieldCheck,
  Smile, Sparkles, Stethoscope, Users, type LucideIcon,
} from 'lucide-react';
import type { IconName } from '@/content/icons';

/** Content names its icons by word; this is the one place that turns a word into a drawing. */
const icons: Record<IconName, LucideIcon> = {
  moon: Moon,
  ruler: Ruler,
  'shield-check': ShieldCheck,
  'heart-handshake': HeartHandshake,
  bed: Bed,
  activity: Activity,
  clock: Clock,
  users: Users,
  award: Award,
  sparkles: Sparkles,
  home: House,
  phone: Phone,
  mail: Mail,
  'map-pin': MapPin,
  calendar: Calendar,
  check: Check,
  leaf: Leaf,
  'graduation-cap': GraduationCap,
  stethoscope: Stethoscope,
  smile: Smile,
  search: Search,
  'clipboard-list': ClipboardList,
  car: Car,
  bus: Bus,
  shirt: Shirt,
  'calendar-x': CalendarX,
  info: Info,
};

export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Drawing = icons[name];
  return <Drawing aria-hidden="true" focusable="false" className={className ?? 'size-6'} />;
}
