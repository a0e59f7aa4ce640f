/**
 * decode + reduce throughput over a realistic 1M-message trace, beside bare JSON.parse of the same
 * lines. Prints medians of several alternating rounds; the last line is the JSON of the figures.
 */
import { decode } from '../src/lib/protocol';
import { emptyState, reduce } from '../src/lib/screen';
import { makeTrace } from './trace';

const N = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const lines = makeTrace(N);

function timeParse(): number {
	const t = performance.now();
	let sink = 0;
	for (const l of lines) sink += (JSON.parse(l) as { type: string }).type.length;
	if (sink === 0) throw new Error('unreachable');
	return performance.now() - t;
}

let errors = 0;
let refused = 0;
function timeReduce(): number {
	const t = performance.now();
	let s = emptyState();
	const onProblem = () => void refused++;
	for (const l of lines) {
		const d = decode(l);
		if (d.ok) s = reduce(s, d.value, onProblem);
		else errors++;
	}
	if (s.stack.length < 0) throw new Error('unreachable');
	return performance.now() - t;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// Warm up both paths before measuring.
timeParse();
timeReduce();
errors = refused = 0;
const parseMs: number[] = [];
const reduceMs: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
	parseMs.push(timeParse());
	reduceMs.push(timeReduce());
}
const parse_per_s = Math.round(N / (median(parseMs) / 1000));
const reduce_per_s = Math.round(N / (median(reduceMs) / 1000));
console.log(`messages: ${N}, rounds: ${ROUNDS}, decode errors: ${errors / ROUNDS}, refused ops: ${refused / ROUNDS}`);
console.log(`JSON.parse:      median ${median(parseMs).toFixed(0)} ms → ${parse_per_s.toLocaleString('en')} msg/s`);
console.log(`decode + reduce: median ${median(reduceMs).toFixed(0)} ms → ${reduce_per_s.toLocaleString('en')} msg/s`);
console.log(JSON.stringify({ reduce_per_s, parse_per_s, ratio: Number((reduce_per_s / parse_per_s).toFixed(3)) }));
