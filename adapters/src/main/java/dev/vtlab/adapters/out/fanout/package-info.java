/**
 * The fan-out adapters: the ways of running the reads a use case declares independent
 * ({@link dev.vtlab.application.port.out.IndependentReads}), one after the other or as futures on an executor they
 * are given (the third, a structured scope, is in a module of its own, adapters-structured, and shares
 * {@link dev.vtlab.adapters.out.fanout.Branches} and {@link dev.vtlab.adapters.out.fanout.BranchRecorder}); each
 * reports the thread that ran each branch and the request id that thread carried. They make no thread and pick no
 * executor: the composition root chooses one ({@code vtlab.fan-out}) and hands it its threads.
 */
package dev.vtlab.adapters.out.fanout;
