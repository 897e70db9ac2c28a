/**
 * The icon vocabulary of the content modules: the lucide-react drawings copy may show.
 * Content imports each icon from here, by name, instead of naming it with a string that
 * the UI looks up: a lookup table would put every drawing into every page's JavaScript,
 * imports let the bundler ship each page only the icons it shows.
 */
export type { LucideIcon as ContentIcon } from 'lucide-react';
export {
  Award, Bed, Bus, Calendar, CalendarX, Car, Check, ClipboardList, Clock, HeartHandshake, House, Mail,
  MapPin, Moon, Phone, Ruler, Search, Shirt, ShieldCheck, Smile,
} from 'lucide-react';
