import path from 'node:path';

/**
 * The API's import arrows point one way (docs/architecture.md, "Layers"): each file belongs to a layer,
 * and may import only layers below its own, or its own folder. A domain (`modules/<name>`) is entered
 * through its public entry (`modules/<name>/index.ts`) only. Relative imports are resolved against the
 * importing file, so `../../infra/x` and `../infra/x` are judged alike; type-only imports count too
 * (a type arrow is still an arrow).
 *
 * Tests, test helpers, quality checks, scripts and demo data sit outside the layers: they may reach
 * anything, since they build or inspect the whole app.
 */
const RANKS = {
  config: 0,
  paths: 0,
  // The schema and the connection know nothing else; infrastructure may use them (jobs on pg-boss's
  // tables, the backup, the upload sweep), never the other way round.
  db: 1,
  infra: 2,
  deps: 3,
  mail: 3,
  http: 3,
  modules: 4,
  web: 5,
};
/**
 * Domains import each other one way too: a domain may enter only a domain of a lower tier, so no two
 * domains lean on each other and a new arrow between two of the same tier is a lint error (lift a
 * shared piece down a tier, or pass the other domain in at the composition root instead). A new
 * domain gets its tier here.
 */
export const DOMAIN_TIERS = {
  // Records every domain writes to, and what needs nothing: the audit trail, the e-mail log, health.
  audit: 0,
  'email-log': 0,
  health: 0,
  // Who is calling: sessions, sign-in, the caller's identity.
  auth: 1,
  // People, and the dealership's time (opening hours, closure days, capacity).
  accounts: 2,
  'workshop-calendar': 2,
  // The domains that own their records.
  vehicles: 3,
  maintenance: 3,
  garage: 3,
  reports: 3,
  invoices: 3,
  'trade-ins': 3,
  'saved-searches': 3,
  'saved-vehicles': 3,
  // Work built on those: the floor on bookings, the sales desk on cars, estimates on bookings.
  workshop: 4,
  reservations: 4,
  'test-drives': 4,
  leads: 4,
  estimates: 4,
  inspections: 5,
  // Reminders bring customers back for their service intervals and the work they declined on an estimate.
  reminders: 5,
  // The back office's overview reads every domain.
  admin: 6,
};

const ROOT_FILES = new Set(['app', 'services', 'server', 'runtime', 'background']);
const OUTSIDE = new Set(['test', 'quality', 'scripts', 'seed']);

/** Which layer a file under the API's src folder is in: { layer, rank, domain? } or null (outside). */
export function layerOf(fromSrc) {
  const parts = fromSrc.split('/');
  const head = parts[0].replace(/\.(ts|tsx|js|mjs)$/, '');
  if (parts.length === 1 && ROOT_FILES.has(head)) return { layer: 'root', rank: Infinity };
  if (OUTSIDE.has(head)) return null;
  if (head === 'modules') {
    if (parts.length === 2) return /^index(\.|$)/.test(parts[1]) ? { layer: 'root', rank: Infinity } : { layer: 'modules', rank: RANKS.modules, domain: '' };
    return { layer: 'modules', rank: RANKS.modules, domain: parts[1] };
  }
  return head in RANKS ? { layer: head, rank: RANKS[head] } : { layer: head, rank: Infinity };
}

/** Why `importer` may not import `target` (both relative to src, without extension), or null when it may. */
export function arrowProblem(importer, target) {
  const from = layerOf(importer);
  const to = layerOf(target);
  if (!from || !to || from.layer === 'root') return null;
  if (to.layer === 'root') return `'${importer}' is in ${from.layer}/, which must not import the composition root ('${target}').`;
  if (from.layer === 'modules' && to.layer === 'modules') {
    if (from.domain === to.domain) return null;
    const entry = target.split('/').slice(2);
    if (!(entry.length === 0 || (entry.length === 1 && entry[0].startsWith('index')))) {
      return `A domain enters another only through its public entry: import '../${to.domain}', not '${target}'.`;
    }
    // `modules/<name>` is the folder, entered through its index: the domain is the folder's name.
    return tierProblem(from.domain, target.split('/')[1]);
  }
  if (from.layer === to.layer) return null;
  if (to.rank < from.rank) return null;
  return `Imports point down: ${from.layer}/ must not import ${to.layer}/ ('${target}').`;
}

/** Why domain `from` may not import domain `to` (tiers above), or null when it may. */
export function tierProblem(from, to) {
  for (const domain of [from, to]) {
    if (!(domain in DOMAIN_TIERS)) return `The domain '${domain}' has no tier: give it one in DOMAIN_TIERS (scripts/eslint/one-way-imports.mjs).`;
  }
  if (DOMAIN_TIERS[to] < DOMAIN_TIERS[from]) return null;
  return `Domains import down the tiers only: '${from}' (tier ${DOMAIN_TIERS[from]}) must not import '${to}' (tier ${DOMAIN_TIERS[to]}); move the shared piece down a tier or pass it in at the composition root.`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'API imports point one way: down the layers, and into a domain only through its index.' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, additionalProperties: false }],
    messages: { arrow: '{{problem}}' },
  },
  create(context) {
    const srcDir = path.resolve(context.options[0]?.srcDir ?? 'apps/api/src');
    const file = path.resolve(context.filename);
    const importer = path.relative(srcDir, file);
    if (importer.startsWith('..') || /\.test\.[cm]?[jt]sx?$/.test(importer)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(srcDir, path.resolve(path.dirname(file), source)).replace(/\.(ts|tsx|js|mjs)$/, '');
      if (target.startsWith('..')) return;
      const problem = arrowProblem(importer.replace(/\.(ts|tsx|js|mjs)$/, ''), target);
      if (problem) context.report({ node, messageId: 'arrow', data: { problem } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'one-way-imports': rule } };
