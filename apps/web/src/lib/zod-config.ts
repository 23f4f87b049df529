import { z } from 'zod';

// zod v4 compiles object parsers with `new Function` when it can; the dashboard's CSP has no
// 'unsafe-eval', so the attempt would log a CSP violation on every page. Jitless parsing is
// the same check without code generation.
z.config({ jitless: true });
