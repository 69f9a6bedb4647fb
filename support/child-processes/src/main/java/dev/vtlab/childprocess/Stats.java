package dev.vtlab.childprocess;

/**
 * What every downstream process answers on {@code GET /stats}, at once: how many visits it keeps. The matrix reads
 * it to count lost writes where the writes land.
 *
 * @param saved visits kept
 */
public record Stats(long saved) {
}
