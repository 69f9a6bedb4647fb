package dev.vtlab.loadgen.labclient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Lab data: the server's {@code /lab/fanout} for one burst, what {@code /fanout}'s fan-out left behind its answers
 * (the lab's {@code FanOutAftermath.Snapshot}; a contract test reads the real server's answer into it).
 *
 * @param way                        the fan-out that ran ({@code vtlab.fan-out}), as the server says
 * @param answered                   fan-outs that answered
 * @param failed                     of those, the ones that answered a failing branch or the deadline
 * @param branchesRunningAtTheAnswer branches still running when their fan-out answered
 * @param readsStartedAfterTheAnswer reads started after their fan-out had answered
 * @param runningPastTheAnswerNow    branches running, when read, whose fan-out had answered
 * @param branchesWithTheRequestId   branches whose thread carried their request's id as they read ({@code null}: a
 *                                   server, or a result, from before the lab counted them)
 * @param branchesWithNoRequestId    branches whose thread carried no request id (as above)
 * @param branchesWithAnotherRequestsId branches whose thread carried an earlier request's id (as above)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record FanOutAftermath(String way, long answered, long failed, long branchesRunningAtTheAnswer,
                              long readsStartedAfterTheAnswer, int runningPastTheAnswerNow,
                              Long branchesWithTheRequestId, Long branchesWithNoRequestId,
                              Long branchesWithAnotherRequestsId) {
}
