/**
 * Vitest's global setup: one folder for what the run's suites make once and share – the
 * site's build, the migrated database (scripts/run-shared.ts).
 */
import { shareRunFolder } from '../../scripts/run-shared.ts';

export default shareRunFolder;
