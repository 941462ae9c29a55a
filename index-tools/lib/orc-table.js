#!/usr/bin/env node
// orc-table.js: the bench's tables step (index-tools/lib/tables.sh) and ORC, through ClickHouse (chDB,
// the npm package `chdb`, found through NODE_PATH). DuckDB, which writes and compares the Parquet
// tables, has no ORC reader.
//
//   orc-table.js write PARQUET ORC    the Parquet table as ORC, same columns in the same order
//                                     (ClickHouse's ORC writer, its default codec: zstd)
//   orc-table.js same REFERENCE OUT   exit 0 when the ORC part files in OUT hold the rows of the
//                                     Parquet part files in REFERENCE, as multisets (EXCEPT ALL both
//                                     ways), else prints how many differ and exits 1
//   orc-table.js rows OUT             the number of rows in OUT's ORC part files
'use strict';

const { query } = require('chdb');

const lit = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const parquet = (dir) => `file(${lit(`${dir}/part-*.parquet`)}, 'Parquet')`;
const orc = (dir) => `file(${lit(`${dir}/part-*.orc`)}, 'ORC')`;
const one = (sql) => query(sql, 'TSV').trim();

/** Whether DIR holds part files ending with SUFFIX: a job without output rows writes none. */
const hasParts = (dir, suffix) => require('fs').readdirSync(dir)
  .some((f) => f.startsWith('part-') && f.endsWith(suffix));
const rows = (dir, suffix, table) => (hasParts(dir, suffix) ? Number(one(`SELECT count() FROM ${table(dir)}`)) : 0);

const [cmd, a, b] = process.argv.slice(2);
try {
  if (cmd === 'write') {
    query(`INSERT INTO FUNCTION file(${lit(b)}, 'ORC') SELECT * FROM file(${lit(a)}, 'Parquet')`, 'CSV');
  } else if (cmd === 'same') {
    const reference = rows(a, '.parquet', parquet);
    const out = rows(b, '.orc', orc);
    if (reference === 0 || out === 0) {
      if (reference !== out) {
        console.log(`${out} rows, the reference ${reference}`);
        process.exit(1);
      }
    } else {
      const missing = one(`SELECT count() FROM (SELECT * FROM ${parquet(a)} EXCEPT ALL SELECT * FROM ${orc(b)})`);
      const extra = one(`SELECT count() FROM (SELECT * FROM ${orc(b)} EXCEPT ALL SELECT * FROM ${parquet(a)})`);
      if (missing !== '0' || extra !== '0') {
        console.log(`${missing} reference rows missing, ${extra} rows not in the reference`);
        process.exit(1);
      }
    }
  } else if (cmd === 'rows') {
    console.log(rows(a, '.orc', orc));
  } else {
    process.stderr.write('usage: orc-table.js write PARQUET ORC | same REFERENCE OUT | rows OUT\n');
    process.exit(2);
  }
} catch (e) {
  // One line, for the bench's table: ClickHouse's message without its stack.
  console.log(`ClickHouse failed: ${String(e.message).split('\n')[0]}`);
  process.exit(1);
}
