import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { configFor, serveConfig, test, expect } from './fixtures';
import { startSandbox } from './support/sandbox';
import { CONVERSATION, DOC, DS, KB, SPACE } from './support/demo-ids.mjs';
import { deleteDocument } from './support/knowledge';

/** Starting points from the sandbox that runs, a knowledge base's documents, deletions remembered (issue 35). */

const BATTERY_Q = 'How long does the Beacon battery last on a full charge?';

/** Every console error, failed request and error answer the page meets. */
function watchNoise(page: Page) {
  const noise: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') noise.push(`console.error: ${m.text()}`);
  });
  // A request cut by the test's own next navigation (a chunk asked for on intent) is ERR_ABORTED: not a failure.
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    if (!why.includes('ERR_ABORTED')) noise.push(`failed: ${r.method()} ${r.url()} ${why}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) noise.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return noise;
}

const checked = (page: Page) => expect(page.getByTestId('profile-status')).toHaveAttribute('data-tone', 'ok');

/** A fixture of this test's own: none of the demo's ids, names or questions. */
const OWN = {
  token: 'orchard-token',
  dataset: { id: '4100000000001', name: 'Orchard notes' },
  knowledge: { id: '4200000000001', name: 'Orchard handbook' },
  documents: [
    { id: '4300000000001', name: 'pruning-guide.md' },
    { id: '4300000000002', name: 'frost-protection.md' },
  ],
  conversation: { id: '4400000000001', name: 'Pear tree leaves curling' },
  space: { id: '77', name: 'Orchard helper', question: 'When should apple trees be pruned?' },
};

function writeOwnFixture(path: string) {
  writeFileSync(
    path,
    JSON.stringify({
      tokens: [OWN.token],
      agents: [{ agent_id: 'agent-orchard', name: 'Orchard agent' }],
      datasets: [{ dataset_id: OWN.dataset.id, name: OWN.dataset.name }],
      knowledge: [{ knowledge_id: OWN.knowledge.id, dataset_id: OWN.dataset.id, name: OWN.knowledge.name }],
      documents: OWN.documents.map((d, i) => ({
        document_id: d.id,
        knowledge_id: OWN.knowledge.id,
        name: d.name,
        text:
          i === 0
            ? 'Prune apple trees in late winter, while they are dormant, before the buds swell.'
            : 'Cover young trees with fleece when a frost below minus two degrees is forecast.',
      })),
      conversations: [
        { conversation_id: OWN.conversation.id, agent_id: 'agent-orchard', title: OWN.conversation.name },
      ],
      spaces: [
        {
          space_id: OWN.space.id,
          name: OWN.space.name,
          dataset_ids: [OWN.dataset.id],
          sample_questions: [OWN.space.question],
        },
      ],
    }),
  );
}

test.describe('starting points from a sandbox running a fixture of its own', () => {
  test('every lookup page, the Overview and the playground offer its records by name; no record page meets a 404', async ({
    page,
    sandbox,
  }, testInfo) => {
    const fixture = testInfo.outputPath('orchard-fixture.json');
    writeOwnFixture(fixture);
    const own = await startSandbox(['--fixture', fixture]);
    try {
      const config = configFor(sandbox, OWN.token);
      await serveConfig(page, {
        ...config,
        profiles: config.profiles.map((p) => ({ ...p, base_url: own.baseUrl, secondary_url: own.secondaryUrl })),
      });
      // The profile met the demo's records before this fixture ran: the header's check must not read them.
      await page.addInitScript(
        ([kb, ds]) => {
          if (localStorage.getItem('kc.catalog.v1')) return;
          const at = Date.now() - 60_000;
          const entry = (kind: string, id: string) => ({
            profileId: 'sandbox',
            kind,
            id,
            lastRecord: {},
            lastSeenAt: at,
            pinned: false,
          });
          localStorage.setItem('kc.catalog.v1', JSON.stringify([entry('knowledge', kb), entry('dataset', ds)]));
        },
        [KB.handbook, DS.handbook] as [string, string],
      );
      const noise = watchNoise(page);

      // The Overview: Start here, with this fixture's records.
      await page.goto('./');
      const start = page.getByRole('region', { name: 'Start here' });
      await expect(start.getByTestId('demo-starters')).toBeVisible();
      await expect(start.getByRole('button', { name: `Knowledge base: ${OWN.knowledge.name}` })).toBeVisible();
      await expect(start.getByRole('button', { name: `Conversation: ${OWN.conversation.name}` })).toBeVisible();
      await expect(start.getByRole('button', { name: `Space: ${OWN.space.name}` })).toBeVisible();
      await expect(start.getByRole('button', { name: /Beacon/ })).toHaveCount(0);
      await checked(page);

      // Each kind's lookup offers its records; one click opens one; the offer stays once an id has been seen.
      const kinds = [
        { lookup: 'knowledge', name: OWN.knowledge.name, path: `/knowledge/${OWN.knowledge.id}` },
        { lookup: 'datasets', name: OWN.dataset.name, path: `/datasets/${OWN.dataset.id}` },
        { lookup: 'documents', name: OWN.documents[0]!.name, path: `/documents/${OWN.documents[0]!.id}` },
        { lookup: 'conversations', name: OWN.conversation.name, path: `/conversations/${OWN.conversation.id}` },
      ];
      for (const kind of kinds) {
        await page.goto(`./${kind.lookup}`);
        await page.getByTestId('demo-starters').getByRole('button', { name: kind.name }).click();
        await expect(page).toHaveURL(new RegExp(`${kind.path}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await checked(page);
        // Ids met are written to localStorage a second later at most (src/lib/catalog/store.ts).
        const id = kind.path.split('/').pop()!;
        await expect.poll(() => page.evaluate(() => localStorage.getItem('kc.catalog.v1') ?? '')).toContain(id);
        await page.goto(`./${kind.lookup}`);
        await expect(page.getByRole('region', { name: 'Recently seen' })).toBeVisible();
        await expect(page.getByTestId('demo-starters').getByRole('button', { name: kind.name })).toBeVisible();
      }
      // "Recently seen" names what it lists, even an id met without its name (a conversation has no read).
      await expect(
        page.getByRole('region', { name: 'Recently seen' }).getByText(OWN.conversation.name, { exact: true }),
      ).toBeVisible();

      // The space's own sample question.
      await page.goto(`./playground/${OWN.space.id}`);
      await expect(page.getByTestId('sample-question')).toHaveText([OWN.space.question]);

      // Cold loads of each record page: the header's check reads records this sandbox holds.
      for (const kind of kinds) {
        await page.goto(`.${kind.path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await checked(page);
      }
      expect(noise).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});

test.describe('a knowledge base’s documents and deletions remembered', () => {
  test.beforeEach(async ({ sandbox }) => sandbox.reset());

  test('Test retrieval ranks the pieces of the knowledge base’s dataset; the documents it met are listed, suggested, placed and followed through a deletion', async ({
    page,
  }) => {
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/v1/spaces/completions/')) bodies.push(r.postDataJSON());
    });
    await page.goto(`./knowledge/${KB.handbook}`);
    await expect(page.getByTestId('known-documents-empty')).toBeVisible();

    const panel = page.getByRole('region', { name: 'Test retrieval' });
    // Its panel loads when asked for (off a knowledge base's first visit), and the question field takes the focus.
    await panel.getByRole('button', { name: 'Ask a test question' }).click();
    await expect(panel.getByTestId('probe-question')).toBeFocused();
    // The sandbox's first space is offered until one is picked.
    await expect(panel.getByTestId('probe-space')).toHaveValue(SPACE.support);
    await panel.getByTestId('probe-question').fill(BATTERY_Q);
    await panel.getByTestId('probe-submit').click();
    const pieces = panel.getByTestId('probe-piece');
    await expect(pieces.first()).toHaveAttribute('data-document-id', DOC.battery.id);
    await expect(pieces.first()).toContainText('#1');
    await expect(pieces.first()).toContainText(DOC.battery.name);
    await expect(pieces.first().getByTestId('probe-score')).toHaveText(/^score 0\.\d{3}$/);
    await expect(panel.getByTestId('probe-tokens')).toHaveText(/^\d[\d,]* tokens \(/);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      message: BATTERY_Q,
      dataset_id: DS.handbook,
      stream: false,
      refine_question: false,
      retrieval_with_websearch: false,
      external_user_id: 'knowledge-console-probe',
    });
    expect(bodies[0]).not.toHaveProperty('conversation_id');

    // The documents the answer cited are now known in this knowledge base, by name.
    const known = page.getByTestId('known-document');
    const battery = page.locator(`[data-testid="known-document"][data-document-id="${DOC.battery.id}"]`);
    await expect(battery).toContainText(DOC.battery.name);
    await expect(battery).toHaveAttribute('data-state', 'seen');
    const knownCount = await known.count();

    // The bulk dialog offers them, and its check places them in this knowledge base.
    await page.getByRole('button', { name: 'Remove many documents…' }).click();
    const dialog = page.getByTestId('bulk-dialog');
    await dialog.getByTestId('bulk-add-known').click();
    await dialog.getByRole('button', { name: `Check ${knownCount} id${knownCount === 1 ? '' : 's'}` }).click();
    await expect(dialog.getByTestId('bulk-check-summary')).toContainText(`${knownCount} found in this knowledge base`);
    await expect(dialog.getByTestId('bulk-check-summary')).not.toContainText("can't be checked");
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // A reload keeps the list, and the space picked for this knowledge base (its panel opens by itself now).
    await page.reload();
    await expect(battery).toHaveAttribute('data-state', 'seen');
    await expect(page.getByRole('region', { name: 'Test retrieval' }).getByTestId('probe-space')).toHaveValue(
      SPACE.support,
    );

    // Deleted here: pending, then deleted once confirmed; the delete field no longer suggests it.
    await deleteDocument(page, DOC.battery.id, DOC.battery.name);
    await expect(battery).toHaveAttribute('data-state', /pending|deleted/);
    await expect(battery).toHaveAttribute('data-state', 'deleted', { timeout: 30_000 });
    await expect(battery).toContainText('Deleted');

    // Its page says so, once: no red "not found" box, one for each read.
    await page.goto(`./documents/${DOC.battery.id}`);
    const note = page.getByTestId('document-deletion-note');
    await expect(note).toContainText('Deleted by this profile');
    await expect(note).toContainText(KB.handbook);
    await expect(note).toContainText('Confirmed');
    await expect(page.getByTestId('error-state')).toHaveCount(0);
  });

  test('a conversation deleted here stays deleted after a reload: read-only form, no Delete', async ({ page }) => {
    await page.goto(`./conversations/${CONVERSATION.amberDisplay}`);
    await page.getByRole('button', { name: 'Delete conversation…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(`Type ${CONVERSATION.amberDisplay} to confirm`).fill(CONVERSATION.amberDisplay);
    await dialog.getByRole('button', { name: 'Delete conversation' }).click();
    const assertDeleted = async () => {
      await expect(page.getByTestId('deleted-here')).toContainText('Deleted by this profile');
      await expect(page.getByRole('textbox', { name: 'Title' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Delete conversation…' })).toHaveCount(0);
    };
    await assertDeleted();
    await page.reload();
    await assertDeleted();
    await expect(page.getByTestId('deleted-here')).toContainText('status 0');
  });
});
