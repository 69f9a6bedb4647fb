package dev.vtlab.archfixture.adapters.out;

/** Fixture: what blocking adapters share, so that the layer is not empty. */
public abstract class BlockingAdapterBase {
}
