// The class page (`fivehundred-tutor assign` writes page/<id>.html): this bundle is the page's
// module script.  It finds the page's data (#fht-data, JSON) and mounts the set into #fht-assignment.

import { mountPage } from "./assignment.js";

const host = document.getElementById("fht-assignment");
const data = document.getElementById("fht-data");
if (host && data) mountPage(host, JSON.parse(data.textContent));
