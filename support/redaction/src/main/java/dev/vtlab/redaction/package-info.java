/** What every vtlab process hides before it writes: {@link dev.vtlab.redaction.Secrets}. */
package dev.vtlab.redaction;
