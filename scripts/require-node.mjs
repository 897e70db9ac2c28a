// Runs before `npm run dev` and `npm test` (package.json "predev" / "pretest"), in plain
// JavaScript so that any Node can run it: the project needs the Node of package.json
// "engines" (`npm install` is stopped the same way by .npmrc's engine-strict).
import { readFileSync } from 'node:fs';

const wanted = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
const major = Number(process.versions.node.split('.')[0]);
if (major < Number(wanted)) {
  console.error(
    `This project needs Node ${wanted} or newer; this is Node ${process.version}.\n` +
      `Get it with nvm (\`nvm install\` reads .nvmrc), or in bash without nvm: \`. .ci/node24\`,\n` +
      `which fetches Node ${wanted} from the npm registry into ~/.cache/node24 and puts it first on PATH.`,
  );
  process.exit(1);
}
