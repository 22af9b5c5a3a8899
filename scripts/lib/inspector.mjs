// The Chrome DevTools Protocol of a Worker under `wrangler dev --inspector-port`: the profiler's
// CPU profiles (scripts/profile-render.mjs) and the export bench's heap (scripts/lib/bench-export.mjs).
// Needs a global WebSocket (Node 20: `node --experimental-websocket`).

/**
 * One WebSocket to wrangler's inspector proxy (it checks Host and Origin: a local origin passes);
 * `onEvent` sees every message that answers none of ours.
 */
export async function openInspector(port, onEvent = () => {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: `http://127.0.0.1:${port}` } });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`no inspector on port ${port}`));
  });
  // Ids far from the proxy's own (it sends Runtime.enable and keep-alives with ids from 100000000).
  let nextId = 1_000_000;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && pending.has(message.id)) {
      // workerd answers the Profiler commands by echoing the command, with `result` when there is one.
      pending.get(message.id)(message);
      pending.delete(message.id);
    } else onEvent(message);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer from the inspector`)), 30_000);
      pending.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result ?? {});
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}
