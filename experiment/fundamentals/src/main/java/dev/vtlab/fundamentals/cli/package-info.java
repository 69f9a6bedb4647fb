/** The command line: one mode, one JDK, the chosen benchmarks, results.json and results.md. */
package dev.vtlab.fundamentals.cli;
