package dev.vtlab.loadgen.matrix;

import dev.vtlab.loadgen.load.Flag;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One setting of the four flags.
 *
 * @param t Tomcat's request threads virtual
 * @param a Spring's applicationTaskExecutor virtual
 * @param w the wrapper's executor virtual
 * @param r the repository's threads virtual
 */
public record Combination(boolean t, boolean a, boolean w, boolean r) {

    private static final Pattern LABEL = Pattern.compile("T([01])A([01])W([01])R([01])");

    /** Parses {@code T1 A0 W0 R1} (or {@code T1A0W0R1}). */
    public static Combination parse(String label) {
        Matcher bits = LABEL.matcher(label.replace(" ", ""));
        if (!bits.matches()) {
            throw new IllegalArgumentException("not a combination label: " + label);
        }
        return new Combination(bits.group(1).equals("1"), bits.group(2).equals("1"), bits.group(3).equals("1"),
                bits.group(4).equals("1"));
    }

    public boolean isOn(Flag flag) {
        return switch (flag) {
            case T -> t;
            case A -> a;
            case W -> w;
            case R -> r;
        };
    }

    /** The same combination with one flag set. */
    public Combination with(Flag flag, boolean on) {
        return new Combination(flag == Flag.T ? on : t, flag == Flag.A ? on : a, flag == Flag.W ? on : w,
                flag == Flag.R ? on : r);
    }

    /** {@code T1 A0 W0 R1}: each flag's letter and 1 for on, as the server's lab labels its own. */
    public String label() {
        List<String> parts = new ArrayList<>();
        for (Flag flag : Flag.values()) {
            parts.add(flag.name() + (isOn(flag) ? 1 : 0));
        }
        return String.join(" ", parts);
    }

    /** {@code T1A0W0R1}, for file names. */
    public String compactLabel() {
        return label().replace(" ", "");
    }

    /** The server arguments that set these flags. */
    public List<String> serverArgs() {
        List<String> args = new ArrayList<>();
        for (Flag flag : Flag.values()) {
            args.add("--" + flag.serverSetting() + "=" + isOn(flag));
        }
        return args;
    }
}
