/** The experiment's report: findings computed from the results, and the files (JSON, CSV, Markdown, HTML). */
package dev.vtlab.loadgen.report;
