"""The web table: play any playable rule set in the browser (``quarterdeck serve``)."""
