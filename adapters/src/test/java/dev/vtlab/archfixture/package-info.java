/**
 * Test fixture: a miniature of vtlab's package tree in which each architecture rule is broken once, on purpose.
 * Never scanned by Spring (outside {@code dev.vtlab.adapters}) and never imported by {@code ArchitectureTest}.
 */
package dev.vtlab.archfixture;
