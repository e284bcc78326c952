#!/usr/bin/env python3
"""Issue 25's done-when figures: zoo-host's per-task figures against the peer loops.

Runs N alternations back to back. Each alternation runs `zoo-host run --workload noop` on
inline and thread_pool at concurrency 1 and 2, then Google Benchmark's loop on inline and the
plain driver on thread_pool at both concurrencies. Prints every alternation and the median
ratios.

Both sides of the thread_pool ratio are measured the same way, because a cross-thread wake-up
on a shared VM settles at a different level in each process: P processes, each of 200 rounds
of 64 submit-and-drain cycles after 20 warm-up rounds, the median round per process, then
the median of the processes. One process a side would compare two draws of that level.

usage: peer_ratios.py BUILD_DIR [--alternations N] [--processes P]
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROUNDS, WARMUP, BATCH = 200, 20, 64  # zoo-host's noop round holds BATCH cycles (kRoundBatch)


def zoo_host(build, processes, out):
    """Per (adapter, concurrency): the median over processes of each one's median round."""
    subprocess.run([f'{build}/tools/zoo-host', 'run', '--workload', 'noop',
                    '--adapters', 'inline,thread_pool', '--subject', 'inline', '--tiers', '40',
                    '--concurrency', '1,2', '--processes', str(processes), '--cell-budget', '0',
                    '--rounds', str(ROUNDS), '--warmup', str(WARMUP), '--no-cost',
                    '--scenarios', 'none', '--no-report', '--results', out],
                   check=True, capture_output=True)
    archive = json.load(open(glob.glob(f'{out}/*/*.json')[0]))
    per_process = {}
    for unit in archive['units']:
        spec = unit['spec']
        if spec.get('purpose') or spec['instrument'] or unit['status'] != 'ok':
            continue  # attribution and floor units, counters: not the timed figure
        tasks = spec['concurrency'] * unit.get('batch', 1)
        per_process.setdefault((spec['adapter'], spec['concurrency']), []).append(
            statistics.median(r['wall_ns'] / tasks for r in unit['rounds']))
    return {key: statistics.median(v) for key, v in per_process.items()}


def gbench_inline(build):
    """Google Benchmark's figure for inline: the median of 3 repetitions, ns a task."""
    r = subprocess.run([f'{build}/bench/abi_peer_gbench',
                        f'{build}/plugins/inline/libinline_adapter.so', '--concurrency=1',
                        '--benchmark_min_time=0.5', '--benchmark_repetitions=3',
                        '--benchmark_format=json'], check=True, capture_output=True, text=True)
    runs = [b['per_task'] for b in json.loads(r.stdout)['benchmarks']
            if b.get('run_type') == 'iteration']
    return statistics.median(runs) * 1e9


def plain_thread_pool(build, concurrency, processes):
    """The plain driver as zoo-host measures: repeats of BATCH rounds, one process each."""
    medians = []
    for _ in range(processes):
        r = subprocess.run([f'{build}/bench/plain_driver',
                            f'{build}/plugins/thread_pool/libthread_pool_adapter.so',
                            '--concurrency', str(concurrency), '--rounds', str(BATCH),
                            '--repeats', str(ROUNDS), '--warmup', str(WARMUP * BATCH)],
                           check=True, capture_output=True, text=True)
        line = next(l for l in r.stdout.splitlines() if l.startswith('median:'))
        medians.append(float(line.split()[1]))
    return statistics.median(medians)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('build')
    parser.add_argument('--alternations', type=int, default=5)
    parser.add_argument('--processes', type=int, default=5)
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    pairs = [('inline c1 / Google Benchmark', ('inline', 1), 'gbench'),
             ('thread_pool c1 / plain driver', ('thread_pool', 1), 'plain1'),
             ('thread_pool c2 / plain driver', ('thread_pool', 2), 'plain2')]
    rows = []
    with tempfile.TemporaryDirectory(prefix='zoo-peer-') as tmp:
        for k in range(args.alternations):
            zoo = zoo_host(build, args.processes, os.path.join(tmp, str(k)))
            peer = {'gbench': gbench_inline(build),
                    'plain1': plain_thread_pool(build, 1, args.processes),
                    'plain2': plain_thread_pool(build, 2, args.processes)}
            row = [(zoo[key], peer[name]) for _, key, name in pairs]
            rows.append(row)
            print(f'alternation {k + 1}: ' + '; '.join(
                f'{label} {z:.1f} / {p:.1f} ns = {z / p:.3f}'
                for (label, _, _), (z, p) in zip(pairs, row)), flush=True)
    for i, (label, _, _) in enumerate(pairs):
        z = statistics.median(r[i][0] for r in rows)
        p = statistics.median(r[i][1] for r in rows)
        each = ', '.join(f'{r[i][0] / r[i][1]:.2f}' for r in rows)
        print(f'{label}: zoo-host {z:.1f} ns, peer {p:.1f} ns, ratio {z / p:.3f} ({each})')
    return 0


if __name__ == '__main__':
    sys.exit(main())
