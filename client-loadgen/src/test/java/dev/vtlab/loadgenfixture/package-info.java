/** Fixture for the load generator's architecture rules: one clean class per layer and one violation per rule. */
package dev.vtlab.loadgenfixture;
