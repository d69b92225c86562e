// Lists every machine in machines/: its id, states and events, for a quick look or the Stately visualiser.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const root = path.resolve('machines');
const states = (node: AnyStateNode, prefix = ''): string[] =>
  Object.values(node.states).flatMap((child) => {
    const name = prefix ? `${prefix}.${child.key}` : child.key;
    return [name, ...states(child, name)];
  });

for (const folder of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
  const file = path.join(root, folder.name, `${folder.name}.machine.ts`);
  // Shared helpers (machines/support) live beside the machines without being one.
  if (!existsSync(file)) continue;
  const module = (await import(file)) as Record<string, unknown>;
  for (const machine of Object.values(module).filter((v): v is AnyStateMachine => typeof v === 'object' && v !== null && 'root' in v && 'provide' in v)) {
    console.log(`${machine.id}  (machines/${folder.name}/${folder.name}.machine.ts)`);
    console.log(`  states: ${states(machine.root).join(', ')}`);
    console.log(`  events: ${machine.events.filter((e) => !e.startsWith('xstate.')).join(', ')}\n`);
  }
}
console.log('Live view: run `npm run dev` and open http://localhost:3000/?inspect (Stately inspector).');
