/** JSON: the one Jackson mapper of the load generator, for lab answers, the visit store and results.json. */
package dev.vtlab.loadgen.json;
