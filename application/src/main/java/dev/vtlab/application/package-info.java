/**
 * Application: use cases and the ports they need. Plain Java that depends on the domain only; it never decides
 * on which thread anything runs: that choice belongs to the adapters' composition root.
 */
package dev.vtlab.application;
