package dev.vtlab.loadgen.report;

import dev.vtlab.loadgen.labclient.ServerLayer;
import dev.vtlab.loadgen.labclient.ServerThreads;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The article's Figure 9 drawn from measurements: for one mode, a row per flag combination and a column per layer,
 * each cell the kind of thread that ran the layer (virtual, platform, or both) and its pool, as the server's
 * {@code /lab/threads} recorded it during the burst. Each cell carries its layer, kind and calls as
 * {@code data-} attributes, so that a test can check a drawing against the data it came from.
 */
final class ThreadMap {

    /** One combination's row: its label and what the lab recorded ({@code null}: the lab did not answer). */
    record Row(String flags, ServerThreads threads) {
    }

    /** A cell's kind: every call on virtual threads, every call on platform threads, some of each, or none. */
    enum Kind {
        VIRTUAL("#8cd17d"), PLATFORM("#bab0ac"), BOTH("#f1ce63"), NONE("#ffffff");

        private final String fill;

        Kind(String fill) {
            this.fill = fill;
        }

        static Kind of(List<ServerThreads.Pool> pools) {
            boolean virtual = pools.stream().anyMatch(p -> p.kind().equals("VIRTUAL") && p.calls() > 0);
            boolean platform = pools.stream().anyMatch(p -> p.kind().equals("PLATFORM") && p.calls() > 0);
            return virtual && platform ? BOTH : virtual ? VIRTUAL : platform ? PLATFORM : NONE;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final int LEFT = 110;
    private static final int COLUMN = 150;
    private static final int ROW = 34;
    private static final int TOP = 44;

    private ThreadMap() {
    }

    /** The map of one mode, e.g. {@code /async}, its rows in the order given. */
    static String svg(String title, List<Row> rows) {
        ServerLayer[] layers = columns(rows);
        int width = LEFT + layers.length * COLUMN + 10;
        int height = TOP + rows.size() * ROW + 36;
        StringBuilder svg = Charts.open(width, height);
        svg.append(Charts.text(4, 16, title, "#000"));
        for (int c = 0; c < layers.length; c++) {
            svg.append(Charts.text(LEFT + c * COLUMN + 4, TOP - 8, layers[c].heading(), "#333"));
        }
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            int y = TOP + r * ROW;
            svg.append(Charts.text(4, y + 20, row.flags(), "#000"));
            for (int c = 0; c < layers.length; c++) {
                svg.append(cell(LEFT + c * COLUMN, y, layers[c],
                        row.threads() == null ? List.of() : row.threads().pools(layers[c])));
            }
        }
        legend(svg, height - 10);
        return svg.append("</svg>\n").toString();
    }

    /**
     * The layers the lab reported for these rows, in the load generator's order: a result from before a layer
     * existed (the fan-out's branches came later) is drawn as it was measured, without a column it never had. Every
     * layer when no row was recorded.
     */
    private static ServerLayer[] columns(List<Row> rows) {
        List<ServerLayer> reported = Arrays.stream(ServerLayer.values()).filter(layer -> rows.stream().anyMatch(
                row -> row.threads() != null && row.threads().layers().containsKey(layer.name()))).toList();
        return reported.isEmpty() ? ServerLayer.values() : reported.toArray(ServerLayer[]::new);
    }

    private static String cell(int x, int y, ServerLayer layer, List<ServerThreads.Pool> pools) {
        Kind kind = Kind.of(pools);
        long calls = pools.stream().mapToLong(ServerThreads.Pool::calls).sum();
        List<String> names = new ArrayList<>();
        pools.forEach(p -> names.add(poolName(p.pool())));
        String text = names.isEmpty() ? "-" : String.join(" + ", names);
        return String.format(Locale.ROOT, "<g data-layer=\"%s\" data-kind=\"%s\" data-calls=\"%d\"><title>%s</title>"
                        + "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#999\"/>%s</g>",
                layer.name(), kind.label(), calls, Html.escape(layer.heading() + ": " + kind.label() + ", " + text
                        + ", " + calls + " calls"), x, y, COLUMN - 4, ROW - 4, kind.fill,
                Charts.text(x + 4, y + 19, text.length() > 24 ? text.substring(0, 23) + "…" : text, "#000"));
    }

    /** Tomcat's pool names carry the port, which differs per server: {@code http-nio-*-exec-}. */
    static String poolName(String pool) {
        return pool.replaceAll("^http-nio-.*-exec-$", "http-nio-*-exec-");
    }

    private static void legend(StringBuilder svg, int y) {
        int x = LEFT;
        for (Kind kind : Kind.values()) {
            svg.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\" stroke=\"#999\"/>", x, y - 9,
                    kind.fill));
            String words = kind == Kind.NONE ? "layer not run" : kind.label() + " threads";
            svg.append(Charts.text(x + 14, y, words, "#333"));
            x += 14 + words.length() * 7 + 20;
        }
    }
}
