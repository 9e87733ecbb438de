#!/usr/bin/env bash
# Regenerates site/public/media/promo.webm (5 s, 640x360, VP9): the Minibot face bobbing and blinking.
# Needs ffmpeg with libvpx-vp9 and the DejaVu fonts. Run from the repository root.
set -euo pipefail
out="site/public/media/promo.webm"
CY='(H/2+14*sin(2*PI*T/2.5))'
DX='(X-W/2)'; DY="(Y-$CY)"
HEAD="lt(pow(abs($DX)/150,4)+pow(abs($DY)/105,4),1)"
FACE="lt(pow(abs($DX)/118,4)+pow(abs($DY+4)/70,4),1)"
BLINK='if(lt(mod(T,2.5),0.18),0.12,1)'
EYE="lt(pow(abs($DX)-45,2)/324+pow($DY+10,2)/(324*$BLINK*$BLINK),1)"
MOUTH="lt(abs(hypot($DX,$DY-8)-26),4)*gt($DY,20)"
ANTENNA="lt(hypot($DX,$DY+140),14)"
GLOW="exp(-(pow(X-W*0.75,2)+pow(Y-H*0.3,2))/30000)"
# colour(background, shell, screen, eyes, antenna, glow strength)
colour() { echo "if($ANTENNA,$5,if($HEAD,if($FACE,if($EYE+$MOUTH,$4,$3),$2),$1+$6*$GLOW))"; }
R=$(colour 11 244 11 94 94 60); G=$(colour 16 246 16 234 234 40); B=$(colour 32 251 32 212 212 0)
ffmpeg -y -hide_banner -loglevel error -f lavfi -i "color=c=black:s=640x360:r=24:d=5,format=rgb24" \
  -vf "geq=r='$R':g='$G':b='$B',drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='Minibot M1':fontcolor=0xf3ba2f:fontsize=34:x=24:y=h-56:alpha='min(1,t/1.2)',format=yuv420p" \
  -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -an "$out"
echo "wrote $out"
