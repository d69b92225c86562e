// The community (#13) at size, on the API in-process (routing, validation of request and answer, the commands) over
// PGlite as `npm start` runs it: one space with 10,000 posts and one post with 2,000 comments (every tenth with
// replies). Times the first page of the posts (each sort, pinned first; and a search) and of the comments, as
// a learner member opens them; bar p95 < 50 ms.
// Alone: `npx tsx tests/bench/community.ts` (POSTS, COMMENTS to change the sizes); `BENCH_ONLY=community npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { DEMO_IDS, seedDemo } from '../../server/db/seed';
import { recordingQueue } from '../../server/jobs/queue';
import type { Services } from '../../server/services';
import { LocalStorage } from '../../server/storage/localStorage';

const POSTS = Number(process.env.POSTS ?? 10_000);
const COMMENTS = Number(process.env.COMMENTS ?? 2_000);
const ROUNDS = 40;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round1 = (ms: number) => Math.round(ms * 10) / 10;

export async function benchCommunity() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-bench-community-'));
  const handle = await openDatabase({ dataDir: dir });
  const services: Services = {
    db: handle.db,
    databaseKind: handle.kind,
    config: { ...readConfig({}), appUrl: 'http://bench.local' },
    mailer: { async send() {}, async deliver() {}, async idle() {} },
    storage: new LocalStorage({ root: path.join(dir, 'files'), publicBaseUrl: 'http://bench.local/api/v1', secret: 'bench' }),
    clock: () => new Date(),
    jobs: recordingQueue(),
  };
  const app = await buildApp(services, { logger: false });
  try {
    await seedDemo(handle.db);
    const space = DEMO_IDS.groups.help;
    const learner = DEMO_IDS.customers[0];
    const filled = performance.now();
    await handle.db.execute(sql`
      insert into community_posts (space_id, owner_customer_id, content, excerpt, published_at, last_activity_at, pinned)
      select ${space}::uuid, ${learner}::uuid, '<p>Publication ' || g || ' : une question sur la lumière du matin.</p>',
        'Publication ' || g, now() - (g || ' minutes')::interval, now() - ((g * 7) % ${POSTS} || ' minutes')::interval, g % 2000 = 0
      from generate_series(1, ${POSTS}) g`);
    const post = DEMO_IDS.posts.help;
    await handle.db.execute(sql`
      insert into community_comments (post_id, owner_customer_id, content, created_at)
      select ${post}::uuid, ${learner}::uuid, 'Commentaire ' || g, now() - ((${COMMENTS} - g) || ' seconds')::interval
      from generate_series(1, ${COMMENTS}) g`);
    await handle.db.execute(sql`
      insert into community_comments (post_id, parent_id, owner_customer_id, content, created_at)
      select post_id, id, owner_customer_id, 'Réponse', created_at + interval '1 second'
      from community_comments where post_id = ${post}::uuid and parent_id is null and content like '%0'`);
    await handle.db.execute(sql`update community_posts set comments_count = (select count(*) from community_comments where post_id = ${post}::uuid) where id = ${post}::uuid`);
    await handle.db.execute(sql`analyze`);
    const fillSeconds = Math.round((performance.now() - filled) / 100) / 10;

    const login = await app.inject({ method: 'POST', url: '/api/v1/school/stores/demo/login', payload: { email: 'lea.martin@example.com', password: 'demo-password' } });
    const token = (JSON.parse(login.body) as { token: string }).token;
    const time = async (label: string, url: string) => {
      const get = async () => {
        const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
      };
      await get(); // warm the plan cache and the validators
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const startedAt = performance.now();
        await get();
        times.push(performance.now() - startedAt);
      }
      times.sort((a, b) => a - b);
      return { case: label, p50: round1(percentile(times, 50)), p95: round1(percentile(times, 95)), 'bar p95 (ms)': 50 };
    };
    const posts = `/api/v1/community/groups/${space}/posts`;
    const rows = [
      await time(`posts page 1, ${POSTS} posts (PUBLISHED_DESC)`, `${posts}?sort=PUBLISHED_DESC`),
      await time('posts page 1 (LAST_COMMENTED, the space default)', posts),
      await time('posts page 1 (PUBLISHED_ASC)', `${posts}?sort=PUBLISHED_ASC`),
      await time('posts page 250', `${posts}?sort=PUBLISHED_DESC&page=250`),
      await time('posts search ("Publication 4242")', `${posts}?q=Publication%204242`),
      await time(`comments page 1, ${COMMENTS} comments (with first replies)`, `/api/v1/community/posts/${post}/comments`),
      await time('the post itself', `/api/v1/community/posts/${post}`),
    ];
    return { posts: POSTS, comments: COMMENTS, fillSeconds, rows };
  } finally {
    await app.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchCommunity();
  console.log(`${result.posts} posts and ${result.comments} comments written in ${result.fillSeconds} s`);
  console.table(result.rows);
}
