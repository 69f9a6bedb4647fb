package dev.vtlab.loadgenfixture.loadgen.report;

/** Fixture: a clean class, so that the layer is not empty. */
public class ReportPart {
}
