/**
 * The inline script's body (bundled to a classic script by scripts/prerender/page-starter.ts):
 * reads what the build wrote on its own element and starts the page.
 */
import { startPage } from '@/app/starter/page-starter';

const script = document.currentScript as HTMLScriptElement;
startPage({ entry: script.dataset.entry!, manifest: script.dataset.manifest });
