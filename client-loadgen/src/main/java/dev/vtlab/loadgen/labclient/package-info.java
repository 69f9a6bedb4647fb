/**
 * The server's lab answers ({@code /lab/environment}, {@code /lab/threads}, {@code /lab/jvm}, {@code /lab/load},
 * {@code /lab/visits}), parsed once into records by {@link dev.vtlab.loadgen.labclient.LabClient}: the rest of the
 * load generator reads fields, never JSON keys. The load generator depends on no server module, so its words are
 * tied to the server's by a contract test against a real server (ServerVocabularyContractTest): the layers, the
 * flags, and every key these records read.
 */
package dev.vtlab.loadgen.labclient;
