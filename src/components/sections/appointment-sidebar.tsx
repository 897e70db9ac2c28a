import { useCopy } from '@/content/copy';
import { Mail, Phone } from 'lucide-react';
import { practiceCopy } from '@/content/practice';
import { appointmentCopy } from '@/content/appointment';
import { ServicePriceList } from '@/components/sections/service-price-list';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { uiTextCopy } from '@/content/ui-text';

/** Beside the booking form: direct contact, services with prices, practical notes. */
export function AppointmentSidebar() {
  const { uiText } = useCopy(uiTextCopy);
  const { appointmentPage } = useCopy(appointmentCopy);
  const { practice } = useCopy(practiceCopy);
  const { directContact, services, notes } = appointmentPage.sidebar;
  return (
    <aside aria-label={uiText.bookingSidebar.label} className="space-y-6">
      <Card>
        <h2 className="text-xl">{directContact.title}</h2>
        <p className="mt-2 text-ink-muted">{directContact.text}</p>
        <ul className="mt-4 space-y-2">
          <li>
            <a href={`tel:${practice.phone.e164}`} className="inline-flex items-center gap-2 font-medium text-night-700 hover:underline">
              <Phone aria-hidden="true" className="size-4" />
              {practice.phone.display}
            </a>
          </li>
          <li>
            <a href={`mailto:${practice.email}`} className="inline-flex items-center gap-2 break-all font-medium text-night-700 hover:underline">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {practice.email}
            </a>
          </li>
        </ul>
      </Card>
      <Card>
        <h2 className="text-xl">{services.title}</h2>
        <ServicePriceList variant="compact" className="mt-2" />
      </Card>
      <Card className="bg-sage-50">
        <h2 className="text-xl">{notes.title}</h2>
        <ul className="mt-4 space-y-3">
          {notes.items.map((item) => (
            <li key={item.text} className="flex gap-3">
              <Icon icon={item.icon} className="mt-0.5 size-5 shrink-0 text-sage-700" />
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </Card>
    </aside>
  );
}
