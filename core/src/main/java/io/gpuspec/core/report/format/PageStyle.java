package io.gpuspec.core.report.format;

/** The capacity report's style sheet: system fonts only, nothing loaded. */
final class PageStyle {

  private PageStyle() {}

  static final String CSS =
      """
      body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;\
      color:#1b1b1b;background:#fafafa}
      header{background:#0b3d5c;color:#fff;padding:18px 28px}
      header h1{margin:0;font-size:24px}
      .subject{margin:4px 0 0;opacity:.85}
      main{padding:8px 28px 28px;max-width:1500px}
      h2{font-size:18px;margin:26px 0 10px;border-bottom:1px solid #ddd;padding-bottom:4px}
      .tiles{display:flex;flex-wrap:wrap;gap:10px}
      .tile{background:#fff;border:1px solid #ddd;border-radius:6px;padding:10px 14px;\
      min-width:110px}
      .tile b{display:block;font-size:26px}
      .tile span{color:#555}
      .tile.good b{color:#1a7f37}.tile.bad b{color:#c62828}.tile.warn b{color:#b26a00}
      .pools{display:grid;grid-template-columns:repeat(auto-fill,minmax(460px,1fr));gap:12px}
      figure.pool{background:#fff;border:1px solid #ddd;border-radius:6px;margin:0;padding:8px 10px}
      figcaption{font-weight:600;margin-bottom:4px;overflow-wrap:anywhere}
      .numbers,.note,.more,.checked{color:#555;margin:4px 0}
      .legend{margin:6px 0}
      .legend-label{font-weight:600;margin-right:6px}
      .key{display:inline-block;margin-right:12px}
      .key i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}
      table{border-collapse:collapse;background:#fff;margin:8px 0;width:100%}
      th,td{border:1px solid #e2e2e2;padding:4px 8px;text-align:left;vertical-align:top;\
      overflow-wrap:anywhere}
      th{background:#f0f3f6}
      tr.bad td:last-child{color:#c62828;font-weight:600}
      tr.good td:last-child{color:#1a7f37}
      tr.warn td:first-child{color:#b26a00}
      details.never{background:#fff;border:1px solid #f0c4c4;border-radius:6px;margin:6px 0;\
      padding:6px 10px}
      details.never summary{font-weight:600;color:#c62828;cursor:pointer}
      .good{color:#1a7f37}
      footer{color:#888;padding:12px 28px}
      """;
}
