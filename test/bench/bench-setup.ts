import { clearResults, RESULTS_FILE, table } from './measure';

/** Starts each `npm run bench` from an empty results file and prints the whole table at the end. */
export default function setup() {
  clearResults();
  return () => {
    console.log(`\nBenchmarks (written to ${RESULTS_FILE})`);
    console.table(table());
  };
}
