package io.gpuspec.core.fleet;

/**
 * Where {@link NodeListScan} stands in a node list: the few places whose values grouping needs (a
 * node, its metadata and labels, its taints, its allocatable resources), and everything else.
 */
enum NodeRole {
  ROOT,
  ITEMS,
  ITEM,
  META,
  LABELS,
  SPEC,
  TAINTS,
  TAINT,
  STATUS,
  ALLOCATABLE,
  OTHER;

  /** The role of the value under {@code key} of a mapping in role {@code parent}. */
  static NodeRole child(NodeRole parent, String key) {
    return switch (parent) {
      case ROOT -> key.equals("items") ? NodeRole.ITEMS : NodeRole.OTHER;
      case ITEM ->
          switch (key) {
            case "metadata" -> NodeRole.META;
            case "spec" -> NodeRole.SPEC;
            case "status" -> NodeRole.STATUS;
            default -> NodeRole.OTHER;
          };
      case META -> key.equals("labels") ? NodeRole.LABELS : NodeRole.OTHER;
      case SPEC -> key.equals("taints") ? NodeRole.TAINTS : NodeRole.OTHER;
      case STATUS ->
          switch (key) {
            case "allocatable" -> NodeRole.ALLOCATABLE;
            default -> NodeRole.OTHER;
          };
      default -> NodeRole.OTHER;
    };
  }
}
