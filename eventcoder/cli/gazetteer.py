"""`eventcoder gazetteer import FILE`: add a GeoNames dump to the gazetteer index."""

from __future__ import annotations

from ..resources.gazetteer import import_geonames
from ..settings import Settings


def add_parser(sub) -> None:
    p = sub.add_parser("gazetteer", help="manage the gazetteer index",
                       description="Manage the compiled gazetteer index in the cache directory.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    imp = actions.add_parser("import", help="add a GeoNames dump (allCountries.txt, LB.txt, zipped or not)",
                             description="Add the places of a GeoNames dump to the index, so villages, "
                                         "hills and wadis in it are found. A malformed row stops the import "
                                         "with its line number and nothing is loaded, unless --skip-bad.")
    imp.add_argument("file", metavar="FILE", help="a GeoNames dump in its tab-separated format")
    imp.add_argument("--skip-bad", action="store_true", help="skip and count malformed rows instead")
    p.set_defaults(run=run)


def run(args) -> int:
    result = import_geonames(args.file, Settings.create(), skip_bad=args.skip_bad)
    print(f"{result['added']} places added from {args.file}"
          + (f"; {result['skipped']} malformed rows skipped" if result["skipped"] else ""))
    return 0
