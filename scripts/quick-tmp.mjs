import autocannon from "autocannon";
import { startSeededServer } from "./lib/server.mjs";
process.chdir("/work/main");
const server = await startSeededServer({ port: 8796, stateDir: ".wrangler/quick-state" });
const paths = process.argv.slice(2);
for (const p of paths) for (let i=0;i<20;i++) await (await fetch(server.url+p)).arrayBuffer();
for (const p of paths) {
  const r = await new Promise((res, rej) => autocannon({ url: server.url + p, connections: 10, duration: 3 }, (e, r) => e ? rej(e) : res(r)));
  console.log(p, Math.round(r.requests.average), r.latency.p50);
}
await server.stop();
