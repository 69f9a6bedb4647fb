package dev.vtlab.loadgen.matrix;

import java.util.List;

/**
 * One setting of the four flags.
 *
 * @param t Tomcat's request threads virtual
 * @param a Spring's applicationTaskExecutor virtual
 * @param w the wrapper's executor virtual
 * @param r the repository's async executor virtual
 */
public record Combination(boolean t, boolean a, boolean w, boolean r) {

    /** Parses {@code T1 A0 W0 R1}. */
    public static Combination parse(String label) {
        String compact = label.replace(" ", "");
        if (!compact.matches("T[01]A[01]W[01]R[01]")) {
            throw new IllegalArgumentException("not a combination label: " + label);
        }
        return new Combination(compact.charAt(1) == '1', compact.charAt(3) == '1', compact.charAt(5) == '1',
                compact.charAt(7) == '1');
    }

    public boolean isOn(char flag) {
        return switch (flag) {
            case 'T' -> t;
            case 'A' -> a;
            case 'W' -> w;
            case 'R' -> r;
            default -> throw new IllegalArgumentException("unknown flag " + flag);
        };
    }

    /** The same combination with one flag set. */
    public Combination with(char flag, boolean on) {
        return new Combination(flag == 'T' ? on : t, flag == 'A' ? on : a, flag == 'W' ? on : w, flag == 'R' ? on : r);
    }

    /** {@code T1 A0 W0 R1} */
    public String label() {
        return "T" + bit(t) + " A" + bit(a) + " W" + bit(w) + " R" + bit(r);
    }

    /** {@code T1A0W0R1}, for file names. */
    public String compactLabel() {
        return label().replace(" ", "");
    }

    /** The server arguments that set these flags. */
    public List<String> serverArgs() {
        return List.of("--vtlab.virtual-threads.tomcat=" + t, "--vtlab.virtual-threads.async-executor=" + a,
                "--vtlab.virtual-threads.wrapper=" + w, "--vtlab.virtual-threads.repository=" + r);
    }

    private static int bit(boolean on) {
        return on ? 1 : 0;
    }
}
