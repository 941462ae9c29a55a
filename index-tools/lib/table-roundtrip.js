#!/usr/bin/env node
// table-roundtrip.js: ipjoin's ORC and Avro output read by a second tool, ClickHouse (chDB, the npm
// package `chdb`, in this process), not by the Java library ipjoin wrote it with. Used by
// index-tools/table-roundtrip, which runs the joins; this file only reads and compares.
//
//   table-roundtrip.js list FORMAT INPUT_GLOB KINDS LIST_FILE
//       writes the list: the `client` of every input row whose id is a multiple of 3 and whose
//       kind (id % KINDS) is one of the plain-address kinds of the test tables' README
//   table-roundtrip.js check FORMAT INPUT_GLOB KINDS OUTPUT_DIR MODE
//       reads input and output with ClickHouse's file(…, FORMAT) and compares:
//       schema  the output's columns (names and ClickHouse types, DESCRIBE) are the input's, in
//               order, then (tag) one column `ips` of a string type (ClickHouse reads an ORC
//               string column that is dictionary-encoded as LowCardinality(Nullable(String)));
//       rows    every row as ClickHouse prints it (TSV): tag: each input row once, its tag `1` for
//               a listed row, `-` for a row whose client is `not-an-ip`, else `0`; match: exactly
//               the listed input rows; malformed/: exactly the `not-an-ip` rows.
// Prints one line per check and exits 1 when one fails.
'use strict';

const { query } = require('chdb');

const [cmd, format, inputGlob, kindsArg, target, mode] = process.argv.slice(2);
const kinds = Number(kindsArg);
// The kinds whose client is a plain address (the tables' READMEs: ORC id % 10, Avro id % 8).
const PLAIN = kinds === 10 ? new Set([0, 1, 3]) : new Set([0, 1, 2, 3]);

const lit = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const file = (glob) => `file(${lit(glob)}, ${lit(format)})`;

function tsv(sql) {
  const out = query(sql, 'TSV');
  return out === '' ? [] : out.replace(/\n$/, '').split('\n');
}

function describe(glob) {
  return tsv(`DESCRIBE ${file(glob)}`).map((l) => l.replace(/\\n\s*/g, ' ').split('\t').slice(0, 2));
}

/** id → the row as ClickHouse prints it; the id column is the first. */
function rows(glob) {
  const byId = new Map();
  for (const line of tsv(`SELECT * FROM ${file(glob)}`)) {
    const id = Number(line.split('\t')[0]);
    if (byId.has(id)) throw new Error(`${glob}: id ${id} twice`);
    byId.set(id, line);
  }
  return byId;
}

const listed = (id) => PLAIN.has(id % kinds) && id % 3 === 0;
const NOT_AN_IP = 6;

let failed = false;
function report(ok, what) {
  console.log(`${ok ? 'same' : 'DIFFERENT'}: ${what}`);
  if (!ok) failed = true;
}

function sameRows(want, got, what) {
  const missing = [...want.keys()].filter((id) => got.get(id) !== want.get(id));
  const extra = [...got.keys()].filter((id) => !want.has(id));
  report(missing.length === 0 && extra.length === 0,
    `${what}: ${got.size} rows read, ${want.size} expected`
    + (missing.length ? `; first wrong or missing id ${missing[0]}: ${JSON.stringify(got.get(missing[0]))}` : '')
    + (extra.length ? `; first unexpected id ${extra[0]}` : ''));
}

if (cmd === 'list') {
  const list = tsv(`SELECT client FROM ${file(inputGlob)} WHERE id % 3 = 0 AND id % ${kinds} IN (${[...PLAIN].join(', ')}) ORDER BY id`);
  require('fs').writeFileSync(target, list.join('\n') + '\n');
  console.log(`list: ${list.length} addresses`);
} else if (cmd === 'check') {
  const outGlob = `${target}/part-*`;
  const inSchema = describe(inputGlob);
  const outSchema = describe(outGlob);
  const want = mode === 'tag' ? [...inSchema, ['ips', outSchema.length ? outSchema[outSchema.length - 1][1] : '?']] : inSchema;
  const tagType = mode === 'tag' && outSchema.length ? outSchema[outSchema.length - 1][1] : '';
  report(JSON.stringify(outSchema) === JSON.stringify(want) && (mode !== 'tag' || /^(LowCardinality\()?(Nullable\()?String\)*$/.test(tagType)),
    `${format} ${mode} schema: ${outSchema.map((c) => c.join(' ')).join(', ')}`);
  const input = rows(inputGlob);
  const expected = new Map();
  for (const [id, row] of input) {
    if (mode === 'tag') {
      expected.set(id, `${row}\t${listed(id) ? '1' : id % kinds === NOT_AN_IP ? '-' : '0'}`);
    } else if (listed(id)) {
      expected.set(id, row);
    }
  }
  sameRows(expected, rows(outGlob), `${format} ${mode} rows (${input.size} input rows)`);
  const malformed = new Map([...input].filter(([id]) => id % kinds === NOT_AN_IP));
  sameRows(malformed, rows(`${target}/malformed/part-*`), `${format} ${mode} malformed/ rows`);
  console.log(`read by ClickHouse ${tsv('SELECT version()')[0]} (chDB)`);
  process.exit(failed ? 1 : 0);
} else {
  process.stderr.write('usage: table-roundtrip.js list|check FORMAT INPUT_GLOB KINDS TARGET [MODE]\n');
  process.exit(2);
}
