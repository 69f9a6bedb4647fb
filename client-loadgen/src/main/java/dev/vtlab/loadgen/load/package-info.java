/** One burst: requests on virtual threads, latencies in HdrHistogram, and what the server's lab says about it. */
package dev.vtlab.loadgen.load;
