package dev.vtlab.loadgenfixture.loadgen.json;

/** Fixture: a clean class, so that the layer is not empty. */
public class JsonPart {
}
