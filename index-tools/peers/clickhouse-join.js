#!/usr/bin/env node
// clickhouse-join: ipjoin's joins in ClickHouse, run in this process through chDB (libchdb.so, the
// npm package `chdb`), written as a ClickHouse user would: the log read with file(…, 'LineAsString'),
// the client the first space-separated field, ClickHouse's own IP types and functions, and the
// result written by ClickHouse itself (INSERT INTO FUNCTION file(…, 'LineAsString')), so no output
// passes through this process. Same command line as the Java peers:
//
//   clickhouse-join.js --mode match|tag --list FILE --logs FILE --output FILE [--threads N] [--ipv6]
//                      [--json FIELD [--json-read rows|lines]] [--parquet]
//
// match: the log lines whose client is listed (the list: one address per line, first TAB column).
// --ipv6 compares IPv6 values (the list and the logs hold both families), else IPv4 numbers.
// tag: each log line, TAB, the label of the range holding its client, 0 when none does, - when the
// client is no address. The ranges (`a.b.c.d-e.f.g.h TAB label`, disjoint) are split at every /16
// boundary and joined with an ASOF LEFT JOIN on the client's /16 and address, the end checked after.
// A client is an address as ipjoin reads one: dotted-quad IPv4 without leading zeros (checked by
// printing the parsed value back) or IPv6; IPv6 clients are never in the IPv4 ranges (tag 0).
// --json FIELD (match, IPv4): the logs are JSON objects, one a line, and the client is the string at
// FIELD; `--json-read rows` (the default) reads them as JSONEachRow rows (the columns and their order
// from the first line's keys, every one a String) and writes the matching rows back as JSONEachRow
// (forward slashes unescaped, so a flat object of strings comes out byte for byte as it went in),
// `--json-read lines` reads each line whole (LineAsString) and takes the client with JSONExtractString.
// --parquet (match, tag, count): the logs are the bench's Parquet table (client_ip and the log's
// other fields, index-tools/lib/tables.sh), read with file(…, 'Parquet'); match writes the listed
// rows, tag every row and a column `ips` (1 listed, 0 not or no address, - a client that is no
// IPv4 address), both as zstd Parquet written by ClickHouse; count writes `address TAB rows` lines
// of the listed addresses (TSV), as ipjoin's count does.
// The chdb module is found through NODE_PATH (the bench installs it in its work folder).
// Prints `peer=clickhouse … millis=N`: the query's time, Node and library start excluded.
'use strict';

const path = require('path');

const fs = require('fs');

const NAMES = new Set(['--mode', '--list', '--logs', '--output', '--threads', '--json', '--json-read']);

function usage(what) {
  process.stderr.write(`clickhouse-join: ${what} (usage: clickhouse-join.js --mode match|tag --list FILE`
    + ' --logs FILE --output FILE [--threads N] [--ipv6] [--json FIELD [--json-read rows|lines]] [--parquet])\n');
  process.exit(2);
}

function parse(argv) {
  const o = { threads: '2', ipv6: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--ipv6') { o.ipv6 = true; continue; }
    if (argv[i] === '--parquet') { o.parquet = true; continue; }
    if (!NAMES.has(argv[i]) || i + 1 >= argv.length) usage(`unknown option or missing value: '${argv[i]}'`);
    o[argv[i].slice(2)] = argv[++i];
  }
  for (const required of ['mode', 'list', 'logs', 'output']) {
    if (o[required] === undefined) usage(`missing --${required}`);
  }
  if (o.mode !== 'match' && o.mode !== 'tag' && !(o.parquet && o.mode === 'count')) usage(`--mode must be match or tag (or count with --parquet), not '${o.mode}'`);
  if (o.parquet && (o.json !== undefined || o.ipv6)) usage('--parquet reads IPv4 clients, without --json');
  if (o['json-read'] !== undefined && o.json === undefined) usage('--json-read needs --json FIELD');
  if (o.json !== undefined && (o.mode !== 'match' || o.ipv6)) usage('--json reads IPv4 clients in --mode match only');
  o.jsonRead = o['json-read'] || 'rows';
  if (o.jsonRead !== 'rows' && o.jsonRead !== 'lines') usage(`--json-read must be rows or lines, not '${o.jsonRead}'`);
  if (!/^[1-9][0-9]*$/.test(o.threads)) usage(`--threads is not a number: '${o.threads}'`);
  return o;
}

const literal = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const lines = (file) => `file(${literal(path.resolve(file))}, 'LineAsString')`;
const CLIENT = "substringIndex(line, ' ', 1)";

function matchQuery(o) {
  if (o.ipv6) {
    return `SELECT line FROM ${lines(o.logs)} WHERE toIPv6OrNull(${CLIENT})`
      + ` IN (SELECT toIPv6OrNull(substringIndex(line, '\\t', 1)) FROM ${lines(o.list)})`;
  }
  return `SELECT line FROM (SELECT line, ${CLIENT} AS client, toIPv4OrNull(client) AS ip FROM ${lines(o.logs)})`
    + ` WHERE ip IN (SELECT toIPv4OrNull(substringIndex(line, '\\t', 1)) FROM ${lines(o.list)})`
    + ' AND IPv4NumToString(ip) = client';
}

// The keys of the first object in the file, in order: the JSONEachRow structure, every column a String.
function jsonColumns(file) {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(65536);
  const n = fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  const first = head.subarray(0, n).toString('utf8').split('\n')[0];
  return Object.keys(JSON.parse(first));
}

const IN_LIST = (o) => ` IN (SELECT toIPv4OrNull(substringIndex(line, '\\t', 1)) FROM ${lines(o.list)})`;

// match over JSON logs: the rows whose FIELD is a listed IPv4 address, written as they were read.
function jsonMatch(o) {
  const field = o.json;
  if (o.jsonRead === 'lines') {
    return { format: 'LineAsString', select: `SELECT line FROM (SELECT line, JSONExtractString(line, ${literal(field)}) AS client,`
      + ` toIPv4OrNull(client) AS ip FROM ${lines(o.logs)}) WHERE ip${IN_LIST(o)} AND IPv4NumToString(ip) = client` };
  }
  const columns = jsonColumns(o.logs);
  if (!columns.includes(field)) throw new Error(`${o.logs}: the first object has no key '${field}'`);
  const quoted = (name) => '`' + name.replace(/`/g, '``') + '`';
  const structure = columns.map((c) => `${quoted(c)} String`).join(', ');
  const client = quoted(field);
  return { format: 'JSONEachRow', select: `SELECT ${columns.map(quoted).join(', ')} FROM file(${literal(path.resolve(o.logs))},`
    + ` 'JSONEachRow', ${literal(structure)}) WHERE toIPv4OrNull(${client})${IN_LIST(o)}`
    + ` AND IPv4NumToString(toIPv4OrNull(${client})) = ${client}` };
}

// The Parquet table's joins: its rows as they were read, the tag a column of its own.
function parquetQuery(o) {
  const rows = `file(${literal(path.resolve(o.logs))}, 'Parquet')`;
  const ip = 'toIPv4OrNull(client_ip)';
  const listed = `(${ip}${IN_LIST(o)} AND IPv4NumToString(${ip}) = client_ip)`;
  if (o.mode === 'match') return { format: 'Parquet', select: `SELECT * FROM ${rows} WHERE ${listed}` };
  if (o.mode === 'tag') {
    return { format: 'Parquet', select: `SELECT *, multiIf(${listed}, '1', client_ip IS NULL OR client_ip IN ('', '-'), '0',`
      + ` ${ip} IS NULL OR IPv4NumToString(${ip}) != client_ip, '-', '0') AS ips FROM ${rows}` };
  }
  return { format: 'TSV', select: `SELECT client_ip, count() FROM ${rows} WHERE ${listed} GROUP BY client_ip` };
}

function tagQuery(o) {
  const logs = `SELECT line, ${CLIENT} AS client, toIPv4OrNull(client) AS ip4,`
    + ' ip4 IS NOT NULL AND IPv4NumToString(ip4) = client AS is_ipv4,'
    + ' is_ipv4 OR isIPv6String(client) AS is_address,'
    + ' toUInt32(if(is_ipv4, ip4, toIPv4(0))) AS ip, intDiv(ip, 65536) AS block'
    + ` FROM ${lines(o.logs)}`;
  const ranges = 'SELECT toUInt32(b16) AS block, toUInt32(greatest(first, b16 * 65536)) AS lo,'
    + ' toUInt32(least(last, b16 * 65536 + 65535)) AS hi, label FROM ('
    + "SELECT toUInt32(toIPv4(splitByChar('-', span)[1])) AS first, toUInt32(toIPv4(splitByChar('-', span)[2])) AS last,"
    + " label FROM (SELECT substringIndex(line, '\\t', 1) AS span, substring(line, position(line, '\\t') + 1) AS label"
    + ` FROM ${lines(o.list)})) ARRAY JOIN range(intDiv(first, 65536), intDiv(last, 65536) + 1) AS b16`;
  const tag = "multiIf(NOT l.is_address, '-', l.is_ipv4 AND r.hi IS NOT NULL AND l.ip <= r.hi, r.label, '0')";
  return `SELECT concat(l.line, '\\t', ${tag}) FROM (${logs}) AS l`
    + ` ASOF LEFT JOIN (${ranges}) AS r ON l.block = r.block AND l.ip >= r.lo`;
}

function main() {
  const o = parse(process.argv.slice(2));
  const { query } = require('chdb');
  const json = o.parquet ? parquetQuery(o) : o.json === undefined ? null : jsonMatch(o);
  const select = json ? json.select : o.mode === 'match' ? matchQuery(o) : tagQuery(o);
  const started = process.hrtime.bigint();
  query(`INSERT INTO FUNCTION file(${literal(path.resolve(o.output))}, '${json ? json.format : 'LineAsString'}') ${select}`
    + ` SETTINGS max_threads = ${o.threads}, join_use_nulls = 1, engine_file_truncate_on_insert = 1,`
    + ' output_format_json_escape_forward_slashes = 0, output_format_parquet_compression_method = \'zstd\'', 'CSV');
  const millis = Number((process.hrtime.bigint() - started) / 1000000n);
  const version = query('SELECT version()', 'TSV').trim();
  const read = o.parquet ? ' parquet' : json ? ` json=${o.json} read=${o.jsonRead}` : '';
  console.log(`peer=clickhouse version=${version} mode=${o.mode}${read} threads=${o.threads} millis=${millis}`);
}

try {
  main();
} catch (e) {
  process.stderr.write(`clickhouse-join: ${String(e.message).split('\n')[0]}\n`);
  process.exit(1);
}
