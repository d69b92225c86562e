import type { AnyStateMachine } from 'xstate';

const modules = import.meta.glob<Record<string, unknown>>('../../../machines/*/*.machine.ts', { eager: true });

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'implementations' in value && typeof (value as AnyStateMachine).provide === 'function';

/** Every machine exported by machines/<folder>/<name>.machine.ts, found by the file system (a new machine is checked too). */
export const allMachines: Array<{ file: string; name: string; machine: AnyStateMachine }> = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isMachine(value))
    .map(([name, machine]) => ({ file: file.replace(/^.*machines\//, 'machines/'), name, machine: machine as AnyStateMachine })),
);
