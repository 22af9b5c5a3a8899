/// <reference types="@remix-run/cloudflare" />
/// <reference types="vite/client" />

/** The Worker's bindings, variables and secrets: the type of `EnvSchema`, which the Worker checks on its first request. */
type Env = import("./app/services/env.server").WorkerEnv;
