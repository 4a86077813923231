/** Build step: `node make-template.js <dir> <migrations>` writes the embedded database template. */
import { makePgliteTemplate } from './client.ts';

const [dir, migrations] = process.argv.slice(2);
if (!dir || !migrations) {
  console.error('usage: make-template <dir> <migrations folder>');
  process.exit(2);
}
const started = performance.now();
await makePgliteTemplate(dir, migrations);
console.log(`made the embedded database template in ${((performance.now() - started) / 1000).toFixed(1)} s`);
