import { protocol, types, type PGlite, type ParserOptions, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite's `query()` plans every statement anew and crosses into its WebAssembly backend six times per call
 * (parse, describe, bind, describe, execute, sync). For a statement the server runs again and again (the
 * session lookup, a page of trainings…) planning cost more than running it: 4 to 10 ms where the work is a
 * few index look-ups. This wrapper gives such statements what a PostgreSQL driver gives prepared ones: the
 * second time a text is seen it is parsed once under a name (`Parse` + `Describe`), and every call after
 * that is a single crossing (`Bind` + `Execute` + `Sync`) that runs PostgreSQL's cached plan.
 *
 * Same answers as `query()`: values serialised by the parameter types PostgreSQL reports, rows parsed with
 * the same parsers (the caller's first, as `query()` does), `rowMode` honoured, errors thrown as PGlite's
 * DatabaseError (`code` and all). Only top-level calls are affected: they take the same two locks `query()`
 * takes, so they never run inside another caller's transaction; a transaction's own statements (`tx.query`)
 * go the usual way. Calls with options this does not handle (blobs, given parameter types or serialisers)
 * go the usual way too. At most MAX_STATEMENTS named statements live at once (least recently used closed).
 */
export const MAX_STATEMENTS = 200;
/** How many times a text is run the usual way before it is prepared: a one-off statement is never kept. */
export const PREPARE_AFTER = 1;

type Internals = PGlite & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
};

interface Statement {
  name: string;
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

interface Message {
  name: string;
  dataTypeIDs?: number[];
  fields?: ({ name: string; dataTypeID: number } | string | null)[];
  text?: string;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** What a command tag says ("SELECT 2", "UPDATE 3", "INSERT 0 5", "CREATE TABLE"), as PGlite's own result parser reads it. */
function readTag(tag: string) {
  const parts = tag.split(' ');
  const command = parts[0] ?? '';
  const rowCount = parseInt(parts[parts.length - 1] ?? '', 10);
  const affected = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) && !Number.isNaN(rowCount) ? rowCount : 0;
  return { command, rowCount, affected };
}

/** PGlite with its repeated top-level statements prepared (see above); everything else is the PGlite given. */
export function withPreparedStatements(client: PGlite): PGlite {
  const internals = client as Internals;
  // A PGlite without the locks `query()` itself takes cannot be joined safely: leave it as it is.
  if (typeof internals._runExclusiveTransaction !== 'function' || typeof internals._runExclusiveQuery !== 'function') return client;

  const statements = new Map<string, Statement>();
  const seen = new Map<string, number>();
  const unpreparable = new Set<string>();
  let counter = 0;
  /** Close messages for statements evicted, sent ahead of the next crossing. */
  let pendingCloses: Uint8Array[] = [];

  const exclusive = <T>(fn: () => Promise<T>) => internals._runExclusiveTransaction(() => internals._runExclusiveQuery(fn));

  async function prepare(text: string): Promise<Statement | undefined> {
    const name = `cp_s${++counter}`;
    const closes = pendingCloses;
    pendingCloses = [];
    try {
      const { messages } = await client.execProtocol(
        concat([...closes, protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
        { syncToFs: false },
      );
      const list = messages as unknown as Message[];
      const statement: Statement = {
        name,
        parameterTypes: list.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
        fields: ((list.find((m) => m.name === 'rowDescription')?.fields ?? []) as { name: string; dataTypeID: number }[]).map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        })),
      };
      statements.set(text, statement);
      if (statements.size > MAX_STATEMENTS) {
        const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
        statements.delete(oldestText);
        pendingCloses.push(protocol.serialize.close({ type: 'S', name: oldest.name }));
      }
      return statement;
    } catch {
      // Whatever PostgreSQL refused (a syntax error, several statements…) is left to `query()`, which reports it its own way.
      unpreparable.add(text);
      return undefined;
    }
  }

  async function run<T>(statement: Statement, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const serializers = client.serializers as Record<number, (value: unknown) => string>;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = serializers[statement.parameterTypes[i] ?? 0];
      return serialize ? serialize(param) : String(param);
    });
    const closes = pendingCloses;
    pendingCloses = [];
    const { messages } = await client.execProtocol(
      concat([...closes, protocol.serialize.bind({ statement: statement.name, values: values as string[] }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    await client.syncToFs();
    // The parsers of this statement's columns only (the caller's first): merging every parser PGlite knows cost more than the query.
    const { fields } = statement;
    const parsers: ParserOptions = {};
    for (const { dataTypeID } of fields) {
      const parser = options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID];
      if (parser) parsers[dataTypeID] = parser;
    }
    const rows: unknown[] = [];
    const result: Record<string, unknown> = { rows, fields, affectedRows: 0 };
    for (const message of messages as unknown as Message[]) {
      if (message.name === 'dataRow') {
        const raw = message.fields as (string | null)[];
        const values = raw.map((value, i) => types.parseType(value, fields[i]!.dataTypeID, parsers));
        rows.push(options?.rowMode === 'array' ? values : Object.fromEntries(values.map((value, i) => [fields[i]!.name, value])));
      } else if (message.name === 'commandComplete') {
        const { command, rowCount, affected } = readTag(message.text ?? '');
        result.command = command;
        result.affectedRows = affected;
        if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
      }
    }
    return result as unknown as Results<T>;
  }

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const plain = options?.blob || options?.paramTypes || options?.serializers || unpreparable.has(text);
    if (plain) return client.query<T>(text, params, options);
    const known = statements.get(text);
    if (!known) {
      const times = (seen.get(text) ?? 0) + 1;
      if (times <= PREPARE_AFTER) {
        // Texts seen once are counted, within reason: a flood of one-off texts starts the count again.
        if (seen.size >= MAX_STATEMENTS * 10) seen.clear();
        seen.set(text, times);
        return client.query<T>(text, params, options);
      }
      seen.delete(text);
    }
    return exclusive(async () => {
      let statement = statements.get(text);
      if (statement) {
        // Most recently used last: eviction takes the first.
        statements.delete(text);
        statements.set(text, statement);
      } else statement = await prepare(text);
      if (!statement) return undefined;
      try {
        return await run<T>(statement, params, options);
      } catch (error) {
        // A table changed under a kept plan ("cached plan must not change result type"): forget it (it is
        // prepared again on a later call) and run it the usual way now.
        if ((error as { code?: string }).code !== '0A000') throw error;
        statements.delete(text);
        pendingCloses.push(protocol.serialize.close({ type: 'S', name: statement.name }));
        return undefined;
      }
    }).then((result) => result ?? client.query<T>(text, params, options));
  };

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target) as unknown;
      // PGlite keeps its state in #private fields: its methods must run on the PGlite itself, not on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
