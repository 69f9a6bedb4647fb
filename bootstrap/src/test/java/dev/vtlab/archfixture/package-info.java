/**
 * Test fixture: a miniature of vtlab's package tree in which each architecture rule is broken once, on purpose.
 * Never imported by {@code ArchitectureTest}.
 */
package dev.vtlab.archfixture;
