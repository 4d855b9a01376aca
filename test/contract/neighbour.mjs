/**
 * The slowness fuzz's neighbour: another account polling job_status every 20 ms, in a process of
 * its own at normal priority, so that what it measures is the server's answer time and not the
 * fuzz driver's own work (building and sending megabyte bodies, at the lowest priority).
 * Usage (forked with IPC): neighbour.mjs <base-url> <key>. On "stop" it sends back each poll's
 * start (epoch ms), duration and any error, then exits.
 */
const [url, key] = process.argv.slice(2);
const polls = [];
let polling = true;

const now = () => performance.timeOrigin + performance.now();

const loop = (async () => {
  while (polling) {
    const started = now();
    let error;
    try {
      const response = await fetch(`${url}/api/agents/status/job_01jdz8x4m6b3q9r2t5v7w0y1c3`, { headers: { authorization: `Bearer ${key}` } });
      await response.arrayBuffer();
      if (response.status !== 404) error = `status ${response.status}`;
    } catch (caught) {
      error = String(caught.cause ?? caught);
    }
    polls.push({ started, ms: now() - started, error });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();

process.on('message', async (message) => {
  if (message !== 'stop') return;
  polling = false;
  await loop;
  process.send(polls, () => process.exit(0));
});
process.send('ready');
