/**
 * The two advisors' profiles. Their names appear on /uber-uns, as blog authors and in the
 * legal notice; the names and ids come from the shared domain module (@domain/practice),
 * where the booking functions assign appointments to them.
 */
import { localized } from './copy';
import * as teamEn from './en/team';
import { type AdvisorId, advisorName } from '@domain/practice';
import type { ImageRef } from './types';

export type { AdvisorId };

export interface Advisor {
  /** Stable id, usable as an HTML anchor on /uber-uns. */
  id: AdvisorId;
  name: string;
  /** Job title as shown under the name. */
  role: string;
  /** Two or three sentences about the person. */
  bio: string;
  /** Focus areas, shown as a short list or chips. */
  focus: readonly string[];
  image: ImageRef;
}

/** Name of the professional association both advisors are certified by. */
export const professionalAssociation = 'Fachverband für richtiges Liegen und Schlafen';

export const sandraHuber: Advisor = {
  id: 'sandra-huber',
  name: advisorName('sandra-huber'),
  role: 'Zertifizierte Schlafberaterin, Gründerin und Geschäftsführerin',
  bio:
    'Sandra Huber hat viele Jahre als medizinische Masseurin gearbeitet und dabei immer wieder erlebt, wie eng Verspannungen am Tag mit schlechtem Liegen in der Nacht zusammenhängen. ' +
    `Nach ihrer Ausbildung zur Schlafberaterin beim ${professionalAssociation} hat sie Ruhepol gegründet. ` +
    'Sie nimmt sich Zeit für Ihre Geschichte und erklärt verständlich, was Ihr Körper im Schlaf braucht.',
  focus: [
    'Erstberatung und ausführliche Anamnese',
    'Nacken- und Schulterbeschwerden im Liegen',
    'Kissenwahl und Lagerung in Seitenlage',
    'Schlafgewohnheiten und Abendroutinen',
  ],
  image: {
    src: '/media/team/sandra-huber.svg',
    alt: 'Porträt von Sandra Huber, zertifizierte Schlafberaterin',
  },
};

export const lukasBrunner: Advisor = {
  id: 'lukas-brunner',
  name: advisorName('lukas-brunner'),
  role: 'Zertifizierter Schlafberater, Liegediagnostik',
  bio:
    'Lukas Brunner ist Bewegungswissenschaftler und hat sich nach dem Studium auf Ergonomie im Liegen spezialisiert. ' +
    `Als vom ${professionalAssociation} zertifizierter Schlafberater verantwortet er bei uns die Körpervermessung und das mehrnächtige Liege-Monitoring. ` +
    'Er übersetzt Messwerte in konkrete Empfehlungen, die Sie zu Hause auch wirklich umsetzen können.',
  focus: [
    'Körpervermessung und Liegediagnostik',
    'Mehrnächtiges Liege-Monitoring',
    'Rückenbeschwerden am Morgen',
    'Abstimmung von Matratze, Unterfederung und Kissen',
  ],
  image: {
    src: '/media/team/lukas-brunner.svg',
    alt: 'Porträt von Lukas Brunner, zertifizierter Schlafberater',
  },
};

export const advisors: readonly [Advisor, Advisor] = [sandraHuber, lukasBrunner];

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(teamCopy)`. */
export const teamCopy = localized({ advisors, lukasBrunner, professionalAssociation, sandraHuber }, teamEn);
