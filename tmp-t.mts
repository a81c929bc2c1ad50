import { PGlite } from '@electric-sql/pglite';
let t=performance.now();
const p = new PGlite(); await p.waitReady; console.log('init', performance.now()-t); t=performance.now();
const dump = await p.dumpDataDir('none'); console.log('dump', performance.now()-t, dump.size); t=performance.now();
const q = new PGlite({ loadDataDir: dump }); await q.waitReady; console.log('load', performance.now()-t);t=performance.now();
const r = new PGlite({ loadDataDir: dump }); await r.waitReady; console.log('load2', performance.now()-t);
